import { beforeAll, describe, expect, it } from 'vitest';
import { loadOfflineClone } from '../../../../helpers/offline-clone';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import { composeOfflineReply } from '../../../../../server/services/clone/offline/compose-offline-reply';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// Questions in Spanish, German and French beyond the headline topics, as a visitor asks them,
// against the alex-morgan fixture owner: the fact comes from the content, the opening names the topic.

let content: OwnerContent;
let index: KnowledgeIndex;
beforeAll(async () => {
  ({ content, index } = await loadOfflineClone());
});

function ask(question: string) {
  return composeOfflineReply([{ role: 'user', content: question }], content.profile, index);
}

describe('offline clone: every topic in other languages', () => {
  it.each([
    ['¿Dónde estudiaste la carrera?', /^Te cuento mi formación/, /Amherst/],
    [
      '¿Con qué herramientas haces la infraestructura como código?',
      /^Te cuento con qué herramientas/,
      /Terraform/,
    ],
    [
      '¿Qué hacías antes de trabajar por tu cuenta?',
      /^Te cuento mi trayectoria/,
      /enterprise architect|consult/,
    ],
    ['Welche Vektordatenbanken oder Suchdienste nutzen Sie für RAG?', /^Mit diesen Werkzeugen/, /pgvector/],
    [
      'Was haben Sie für das Fintech-Unternehmen gemacht?',
      /^Gern erzähle ich Ihnen von meinen Projekten/,
      /45%|GPU/,
    ],
    [
      'Combien faut-il prévoir pour un système complet en production ?',
      /^Je vous présente volontiers mes tarifs/,
      /\$60,000-\$250,000/,
    ],
    [
      'Un appel vocal avec ton clone peut durer combien de temps au maximum ?',
      /^Voici comment fonctionnent les appels vocaux/,
      /15 minutes/,
    ],
    ['Est-ce que vous parlez français ?', /^Voici les langues que je parle/, /English natively/],
    ['Parlez-moi de vos projets.', /^Je vous parle volontiers de mes projets/, /insurer/],
    ['Wie viel Berufserfahrung bringen Sie mit?', /^Ich habe 20 Jahre Erfahrung/, /20 years of experience/],
    ['Wie schnell melden Sie sich persönlich?', /^/, /one business day/],
    [
      'Comment protégez-vous nos données ?',
      /^Voici comment je protège les données/,
      /Your data stays in your environment/,
    ],
    ['Tu fais quoi quand tu ne bosses pas ?', /^Voici ce que je fais en dehors du travail/, /sail/],
    ['¿De qué hablamos en la primera llamada gratuita?', /^Te cuento/, /We talk about your goals/],
    [
      '¿La primera llamada para conocernos tiene algún costo?',
      /^(Puedes reservar una llamada gratuita|Te cuento cómo trabajo)/,
      /is free|Free 30-minute intro call/,
    ],
    [
      'Le premier appel avec vous est-il payant ?',
      /^(Vous pouvez réserver un appel gratuit|Voici comment je travaille)/,
      /is free|Free 30-minute intro call/,
    ],
    [
      'Welcher Sprachtarif wird am häufigsten gewählt?',
      /^So funktionieren Sprachanrufe/,
      /Professional \(the most popular\)/,
    ],
    // The English details give a range in digits, which read the same in every language.
    [
      'Wie lange dauert bei Ihnen ein Proof of Concept?',
      /^So lange dauert es/,
      /a proof of concept 4-8 weeks/,
    ],
    [
      '¿Cómo sería trabajar contigo, paso a paso, desde el primer contacto?',
      /^Te cuento cómo trabajo/,
      /intro call/,
    ],
    // "Horas" are the hours billed, not the hours a week free; "libres" hours are the capacity.
    ['¿Cómo facturas las horas de asesoría?', /^Con gusto te cuento mis tarifas/, /\$200 per hour/],
    ['cuántas horas a la semana tienes libres?', /^Te cuento mi disponibilidad/, /20-30 hours a week/],
    // "In your projects" only frames what is asked.
    ['Welche Sprachmodelle setzen Sie in Ihren Projekten ein?', /^Mit diesen Werkzeugen/, /Azure OpenAI/],
    ['¿Qué modelos usas en tus proyectos?', /^Te cuento con qué herramientas/, /Azure OpenAI/],
    ['Quels modèles utilisez-vous dans vos projets ?', /^Voici les outils/, /Azure OpenAI/],
    ['Was hat Ihr Projekt für die Sachversicherung konkret gebracht?', /^Gern erzähle ich/, /94%/],
    ['Comment démarre une collaboration avec vous ?', /^Voici comment je travaille/, /30-minute intro call/],
    // Asking whether it is the real person, and a bare greeting, in the visitor's language.
    ['Est-ce que je parle au vrai Alex, là ?', /^Je suis le clone IA d'Alex\./, /not to me in person/],
    ['Spreche ich gerade mit dem echten Alex?', /^Ich bin Alex' KI-Klon\./, /not to me in person/],
    ['¿Estoy hablando con el verdadero Alex?', /^Soy el clon de IA de Alex\./, /not to me in person/],
    ['Bonjour', /^Bonjour ! Je suis le clone IA d'Alex\./, /Posez-moi vos questions/],
    [
      'Schreibe ich gerade mit einem echten Menschen oder mit einer KI?',
      /^Ich bin Alex' KI-Klon/,
      /AI clone/,
    ],
    ['Quelle est votre formation universitaire ?', /^Voici ma formation/, /Amherst/],
    [
      'Avez-vous déjà travaillé pour un industriel ?',
      /^Je vous parle volontiers de mes projets/,
      /manufacturer/,
    ],
    [
      'Wie schnell meldet sich der echte Alex auf eine Anfrage zurück?',
      /^(So schnell antworte ich|Sie können ein kostenloses Gespräch)/,
      /within one business day/,
    ],
    // "Which projects in healthcare?" asks for the projects, in every language.
    [
      'Quels projets avez-vous réalisés dans la santé ?',
      /^Je vous parle volontiers de mes projets/,
      /hospital network/,
    ],
    ['¿Qué proyectos has hecho en salud?', /^Te cuento sobre mis proyectos/, /hospital network/],
    ['Welche Projekte haben Sie im Gesundheitswesen gemacht?', /^Gern erzähle ich/, /hospital network/],
    [
      "Qu'avez-vous fait pour la banque régionale ?",
      /^Je vous parle volontiers de mes projets/,
      /regional bank/,
    ],
    [
      'Je suis à Paris : le décalage horaire avec vous pose-t-il problème ?',
      /^Voici comment je travaille/,
      /European mornings/,
    ],
    ['Wir sind in Berlin. Ist die Zeitverschiebung ein Problem?', /^So arbeite ich/, /European mornings/],
    // "Hablar de detalles" is talking; a "¿" keeps the English speller off "fase".
    [
      '¿Firmas un acuerdo de confidencialidad antes de hablar de detalles?',
      /^Te cuento cómo funcionan los contratos/,
      /sign your NDA/,
    ],
    [
      '¿En qué consiste la fase de descubrimiento antes de un proyecto grande?',
      /^Te cuento cómo trabajo/,
      /fixed-price discovery/,
    ],
    [
      "Comment vérifiez-vous qu'un assistant IA donne vraiment de bonnes réponses ?",
      /^Voici comment je travaille/,
      /measurable goals/,
    ],
    [
      'Wie stellen Sie Datenschutz und Sicherheit in regulierten Umgebungen sicher?',
      /^So schütze ich Daten/,
      /single sign-on, least-privilege access/,
    ],
    [
      'Tu bosses avec quels modèles open source ? Et tu les sers comment ?',
      /^Voici les outils/,
      /Llama.*vLLM/,
    ],
  ])('%s', (question, opening, fact) => {
    const { text, isAnswered } = ask(question);
    expect(isAnswered).toBe(true);
    expect(text).toMatch(opening);
    expect(text).toMatch(fact);
  });

  it.each([
    ['Über welche Gesellschaft rechnen Sie Ihre Leistungen ab?', /Morgan Solutions Architecture LLC/],
    [
      'Auf wie vielen Stationen wird das Zusammenfassungstool im Klinikverbund eingesetzt?',
      /more than 40 wards/,
    ],
    ['¿Desde qué estado de Estados Unidos trabajas?', /Massachusetts/],
    ['Avec quels fournisseurs de modèles travaillez-vous ?', /Anthropic Claude/],
    ['oye, ¿quién eres tú?', /AI clone of Alex Morgan/],
    ["Salut, euh, genre, juste pour me faire une idée, tu prends combien de l'heure ?", /\$200 per hour/],
    ['¿Con qué proveedores de modelos de IA trabaja habitualmente?', /Anthropic Claude/],
    ['Wie viele Mitarbeitende hatte der Versicherer aus dem Schadenprojekt?', /about 1,200 employees/],
    [
      "Pour le forfait d'architecte IA à temps partiel : combien de jours par mois et à partir de quel prix ?",
      /Fractional AI architect retainer:\*\* from \$6,500 per month/,
    ],
    ['Combien de temps faut-il pour un système en production ?', /a production system usually 3-6 months/],
    // Who the visitor is, said first, is not the question.
    [
      'Soy estudiante de informática. ¿Cuántos años de experiencia tienes de verdad?',
      /20 years of experience/,
    ],
    ['Si solo quiero un día de formación para mi equipo, ¿cuánto me costaría?', /\$3,500 per day/],
    ['¿A nombre de qué sociedad me llegarían las facturas?', /Morgan Solutions Architecture LLC/],
    ["Allô! Tu charges combien de l'heure pour de la consultation en architecture?", /\$200 per hour/],
    ['Pis toi, tu fais quoi de tes fins de semaine? Du bateau, de la rando?', /White Mountains/],
    [
      "Le projet de la banque avec le mainframe, t'as utilisé quelles technos?",
      /Java, Spring Boot, Apache Kafka/,
    ],
  ])('understands everyday and regional words: %s', (question, fact) => {
    const { text, isAnswered } = ask(question);
    expect(isAnswered).toBe(true);
    expect(text).toMatch(fact);
  });

  it('gives the part of a project that counts what "wie viele…" asks, not the whole card', () => {
    const { text } = ask(
      'Wie viele Lieferantenverträge umfasste der Rückstand beim Industriekonzern, und wie viele Juristen standen dafür zur Verfügung?',
    );
    expect(text).toMatch(/40,000 supplier contracts.*three lawyers/);
    expect(text).not.toMatch(/\*\*Client:\*\*/);
  });

  it('gives the one price a question names in English words, not the whole list', () => {
    const { text } = ask('Was kostet ein Proof of Concept ungefähr und wie lange dauert er?');
    expect(text).toMatch(/Proof of concept or pilot \(4-8 weeks\):\*\* typically \$25,000-\$60,000/);
    expect(text).not.toMatch(/Workshops|Hourly advisory/);
  });
});
