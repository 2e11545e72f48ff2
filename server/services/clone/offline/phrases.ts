import type { ProfileFile } from '../../../../shared/content';
import type { ReplyChannel } from '../chat-model';
import type { Language } from './language';

// The offline clone's own sentences around the owner's content: greetings, the honest "I don't
// know", the invitation to book, and the opening line in the visitor's language. Chosen per
// question so replies vary, yet stay deterministic and testable.

export function firstName(profile: ProfileFile): string {
  return profile.name.split(/\s+/)[0] ?? profile.name;
}

/** Where the booking form is: on screen it is a button, on a call it is the website. */
export function bookingPlace(channel: ReplyChannel): string {
  return channel === 'voice'
    ? 'the booking form on my website'
    : 'the **Schedule call** button below the chat';
}

export function greet(profile: ProfileFile, isFirstMessage: boolean, language: Language): string {
  if (language !== 'en') return `${GREETING[language](firstName(profile))} ${ASK_ME[language]}`;
  if (!isFirstMessage) return 'Hi again! What else would you like to know about my work?';
  return profile.greeting;
}

export function thank(language: Language): string {
  const text: Record<Language, string> = {
    en: "You're welcome! If anything else comes up, just ask.",
    es: '¡De nada! Si surge algo más, pregúntame.',
    de: 'Gern geschehen! Fragen Sie mich einfach, wenn noch etwas ist.',
    fr: "Avec plaisir ! N'hésitez pas si vous avez d'autres questions.",
  };
  return text[language];
}

export function sayGoodbye(profile: ProfileFile, channel: ReplyChannel, language: Language): string {
  const text: Record<Language, string> = {
    en: `Thanks for stopping by! If you'd like to talk with ${firstName(profile)} in person, ${bookingPlace(channel)} is the quickest way. Have a great day!`,
    es: '¡Gracias por pasar! Que tengas un buen día.',
    de: 'Danke für Ihren Besuch! Einen schönen Tag noch.',
    fr: 'Merci de votre visite ! Bonne journée.',
  };
  return text[language];
}

/**
 * The honest "I don't know": it says so, names the nearest thing the clone does know, and offers
 * what it can answer. No call pitch: a refusal is not a sales moment.
 */
export function admitNotKnowing(question: string, nearest: string | undefined, language: Language): string {
  if (language !== 'en') return `${DONT_KNOW[language]} ${ASK_ME[language]}`;
  const variants = [
    "I don't know that, and I'd rather not guess.",
    "That's not something I can answer reliably, so I won't guess.",
    "I'm not sure about that, and I'd rather not make something up.",
  ];
  const nearer = nearest ? ` The closest I can tell you about is ${nearest}.` : '';
  return `${pick(variants, question)}${nearer} Ask me about my experience, projects, services, rates or availability.`;
}

export function offerCall(question: string, channel: ReplyChannel, language: Language = 'en'): string {
  if (channel === 'voice')
    return 'If you want to go deeper on your own project, you can book a call with me on my website.';
  // In another language the offer is said in it, as the opening is.
  const other: Record<Exclude<Language, 'en'>, string> = {
    es: 'Si quieres hablar de tu proyecto, el botón **Schedule call** debajo del chat te deja elegir un horario.',
    de: 'Wenn Sie über Ihr Projekt sprechen möchten: Mit dem Button **Schedule call** unter dem Chat wählen Sie einen Termin.',
    fr: 'Pour parler de votre projet, le bouton **Schedule call** sous le chat vous permet de choisir un créneau.',
  };
  if (language !== 'en') return other[language];
  const variants = [
    "If you'd like to talk about how this fits your situation, use the **Schedule call** button below the chat.",
    'Want to go deeper on your own project? The **Schedule call** button below the chat lets you pick a time.',
    'Happy to go into more detail on a call: the **Schedule call** button below the chat lets you pick a time.',
  ];
  return pick(variants, question);
}

/** After a stated wish to hire, book or talk: where to leave details (the form opens by itself). */
export function inviteToBook(profile: ProfileFile, channel: ReplyChannel, language: Language): string {
  if (channel === 'voice') {
    return `The best next step is a call with the real ${firstName(profile)}: book one on my website, it's free.`;
  }
  const text: Record<Language, string> = {
    en: `The best next step is a call with the real ${firstName(profile)}: leave your details and pick a free one-hour slot in the booking form (the **Schedule call** button below the chat opens it again).`,
    es: `El mejor siguiente paso es una llamada con ${firstName(profile)}: deja tus datos y elige un horario en el formulario (el botón **Schedule call** debajo del chat lo vuelve a abrir).`,
    de: `Der beste nächste Schritt ist ein Gespräch mit ${firstName(profile)}: Tragen Sie Ihre Daten ein und wählen Sie einen Termin im Formular (der Button **Schedule call** unter dem Chat öffnet es wieder).`,
    fr: `La meilleure prochaine étape est un appel avec ${firstName(profile)} : laissez vos coordonnées et choisissez un créneau dans le formulaire (le bouton **Schedule call** sous le chat le rouvre).`,
  };
  return text[language];
}

export function declineInstructions(language: Language, { hasAnswer = false } = {}): string {
  if (hasAnswer) return CORRECTION[language];
  const text: Record<Language, string> = {
    en: "I can't change how I answer or share how I'm set up, but I'm happy to tell you about my experience, projects, services, rates or availability.",
    es: 'No puedo cambiar cómo respondo ni compartir cómo estoy configurado, pero con gusto te hablo de mi experiencia, proyectos, servicios, tarifas o disponibilidad.',
    de: 'Ich kann nicht ändern, wie ich antworte, und meine Einrichtung nicht teilen, aber ich erzähle Ihnen gern von meiner Erfahrung, meinen Projekten, Leistungen, Preisen oder meiner Verfügbarkeit.',
    fr: 'Je ne peux pas changer ma façon de répondre ni partager ma configuration, mais je vous parle volontiers de mon expérience, de mes projets, services, tarifs ou disponibilités.',
  };
  return text[language];
}

/** Before the true answer to a message that tried to change it. */
const CORRECTION: Record<Language, string> = {
  en: "I can't take instructions from the chat, and nothing here changes my terms. Here is what holds:",
  es: 'No acepto instrucciones desde el chat, y nada aquí cambia mis condiciones. Esto es lo que vale:',
  de: 'Ich nehme keine Anweisungen aus dem Chat an, und nichts hier ändert meine Bedingungen. Das gilt:',
  fr: "Je n'accepte pas d'instructions depuis le chat, et rien ici ne change mes conditions. Voici ce qui vaut :",
};

/** The opening sentence of a reply to a question in Spanish, German or French; details follow in English. */
export function openInLanguage(
  topic: OpeningTopic,
  language: Exclude<Language, 'en'>,
  profile: ProfileFile,
): string {
  const years = /^(\d+)\s+years?$/i.exec(profile.experience)?.[1];
  const name = firstName(profile);
  const openings: Record<Exclude<Language, 'en'>, Record<OpeningTopic, string>> = {
    es: {
      experience: years ? `Tengo ${years} años de experiencia.` : 'Con gusto te cuento sobre mi experiencia.',
      career: 'Te cuento mi trayectoria.',
      education: 'Te cuento mi formación.',
      industries: 'Estos son los sectores que mejor conozco.',
      location: `Estoy en ${profile.location} y trabajo en remoto.`,
      rates: 'Con gusto te cuento mis tarifas.',
      availability: 'Te cuento mi disponibilidad.',
      services: 'Esto es lo que ofrezco.',
      process: 'Te cuento cómo trabajo.',
      duration: 'Te cuento cuánto suele durar.',
      contracts: 'Te cuento cómo funcionan los contratos.',
      security: 'Te cuento cómo protejo los datos.',
      tools: 'Te cuento con qué herramientas y tecnologías trabajo.',
      projects: 'Te cuento sobre mis proyectos.',
      booking: 'Puedes reservar una llamada gratuita conmigo.',
      voicePlans: 'Te cuento cómo funcionan las llamadas de voz con mi clon de IA.',
      responseTime: 'Te cuento cuándo respondo.',
      personal: 'Te cuento algo de mí fuera del trabajo.',
      languages: 'Te cuento qué idiomas hablo.',
      clone: `Soy el clon de IA de ${name}.`,
      general: 'Te respondo con lo que sé de mi trabajo.',
    },
    de: {
      experience: years
        ? `Ich habe ${years} Jahre Erfahrung.`
        : 'Gern erzähle ich Ihnen von meiner Erfahrung.',
      career: 'Hier ist mein Werdegang.',
      education: 'Hier ist meine Ausbildung.',
      industries: 'Diese Branchen kenne ich am besten.',
      location: `Ich bin in ${profile.location} und arbeite remote.`,
      rates: 'Gern nenne ich Ihnen meine Preise.',
      availability: 'Hier ist meine Verfügbarkeit.',
      services: 'Das biete ich an.',
      process: 'So arbeite ich.',
      duration: 'So lange dauert es in der Regel.',
      contracts: 'So läuft es mit Verträgen.',
      security: 'So schütze ich Daten.',
      tools: 'Mit diesen Werkzeugen und Technologien arbeite ich.',
      projects: 'Gern erzähle ich Ihnen von meinen Projekten.',
      booking: 'Sie können ein kostenloses Gespräch mit mir buchen.',
      voicePlans: 'So funktionieren Sprachanrufe mit meinem KI-Klon.',
      responseTime: 'So schnell antworte ich.',
      personal: 'Etwas über mich außerhalb der Arbeit.',
      languages: 'Hier sind die Sprachen, die ich spreche.',
      clone: `Ich bin ${germanGenitive(name)} KI-Klon.`,
      general: 'Ich antworte Ihnen gern mit dem, was ich über meine Arbeit weiß.',
    },
    fr: {
      experience: years ? `J'ai ${years} ans d'expérience.` : 'Je vous parle volontiers de mon expérience.',
      career: 'Voici mon parcours.',
      education: 'Voici ma formation.',
      industries: 'Voici les secteurs que je connais le mieux.',
      location: `Je suis basé dans le ${profile.location} et je travaille à distance.`,
      rates: 'Je vous présente volontiers mes tarifs.',
      availability: 'Voici mes disponibilités.',
      services: 'Voici ce que je propose.',
      process: 'Voici comment je travaille.',
      duration: 'Voici les durées habituelles.',
      contracts: 'Voici comment je gère les contrats.',
      security: 'Voici comment je protège les données.',
      tools: 'Voici les outils et technologies avec lesquels je travaille.',
      projects: 'Je vous parle volontiers de mes projets.',
      booking: 'Vous pouvez réserver un appel gratuit avec moi.',
      voicePlans: 'Voici comment fonctionnent les appels vocaux avec mon clone IA.',
      responseTime: 'Voici mes délais de réponse.',
      personal: 'Voici ce que je fais en dehors du travail.',
      languages: 'Voici les langues que je parle.',
      clone: `Je suis le clone IA ${frenchOf(name)}.`,
      general: 'Je vous réponds avec ce que je sais de mon travail.',
    },
  };
  return `${openings[language][topic]} ${DETAILS_IN_ENGLISH[language]}`;
}

export type OpeningTopic =
  | 'experience'
  | 'career'
  | 'education'
  | 'industries'
  | 'location'
  | 'rates'
  | 'availability'
  | 'services'
  | 'process'
  | 'duration'
  | 'contracts'
  | 'security'
  | 'tools'
  | 'projects'
  | 'booking'
  | 'voicePlans'
  | 'responseTime'
  | 'personal'
  | 'languages'
  | 'clone'
  | 'general';

// What the headings of the answered sections are about, first match wins: the opening sentence
// names the topic actually answered, whatever words the question used.
const TOPIC_OF_HEADING: Array<[OpeningTopic, RegExp]> = [
  ['voicePlans', /\bvoice\b|\bplans?\b/i],
  ['booking', /\bbook(ing)?\b|\bschedul/i],
  ['clone', /\bclone\b|\bwho answers\b|\breal\b.*\bai\b/i],
  ['responseTime', /\bresponse time\b/i],
  ['rates', /\brates?\b|\bpric|\bfees?\b/i],
  ['availability', /\bavailab|\bcapacity\b/i],
  ['education', /\beducat|\bcertif|\bdegree/i],
  ['career', /\bcareer\b|\btimeline\b/i],
  ['experience', /\bexperience\b|\btrack record\b|\bwho i am\b/i],
  ['industries', /\bindustr/i],
  ['personal', /\boutside (of )?work\b|\bhobb/i],
  ['security', /\bsecur|\bprivate\b|\bprivacy\b/i],
  ['contracts', /\bcontracts?\b|\bpaperwork\b/i],
  ['duration', /\bhow long\b/i],
  ['location', /\bbased\b|\blocation\b|\btime zone\b|\bremote/i],
  ['process', /\bhow i (like to )?work\b|\bways we\b|\bmeasure\b|\balone\b|\bteam\b/i],
  ['tools', /\btools?\b|\bmodels?\b|\bprogramming\b|\bcloud\b|\barchitecture\b|\bdevops\b|\bdevelopment\b/i],
  ['services', /\boffer\b|\bservices\b|\bwhat i do\b|\bgenerative\b/i],
];

/**
 * The topic of an answer in another language, told by the headings of the sections it quotes
 * (the lead first). A question about the languages spoken is answered from a section about
 * other things, so its own words decide it.
 */
export function openingTopic(headings: string[], question: string, answer: string): OpeningTopic {
  if (/^(?!.*\bprogramm).*\b(speak|spoken|languages?)\b/is.test(question) && /\bspeak\b/i.test(answer))
    return 'languages';
  for (const heading of headings) {
    const found = TOPIC_OF_HEADING.find(([, pattern]) => pattern.test(heading));
    if (found) return found[0];
  }
  return 'general';
}

const GREETING: Record<Exclude<Language, 'en'>, (name: string) => string> = {
  es: (name) => `¡Hola! Soy el clon de IA de ${name}.`,
  de: (name) => `Hallo! Ich bin ${germanGenitive(name)} KI-Klon.`,
  fr: (name) => `Bonjour ! Je suis le clone IA ${frenchOf(name)}.`,
};
const ASK_ME: Record<Exclude<Language, 'en'>, string> = {
  es: 'Pregúntame por mi experiencia, proyectos, servicios, tarifas o disponibilidad.',
  de: 'Fragen Sie mich nach meiner Erfahrung, meinen Projekten, Leistungen, Preisen oder meiner Verfügbarkeit.',
  fr: 'Posez-moi vos questions sur mon expérience, mes projets, mes services, mes tarifs ou mes disponibilités.',
};
const DONT_KNOW: Record<Exclude<Language, 'en'>, string> = {
  es: 'No lo sé, y prefiero no inventarlo.',
  de: 'Das weiß ich nicht, und ich möchte nicht raten.',
  fr: 'Je ne sais pas, et je préfère ne pas inventer.',
};
const DETAILS_IN_ENGLISH: Record<Exclude<Language, 'en'>, string> = {
  es: 'Los detalles, en inglés:',
  de: 'Die Details auf Englisch:',
  fr: 'Les détails, en anglais :',
};

/** A stable choice per question, so replies vary between questions but tests stay deterministic. */
function pick(variants: string[], seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return variants[hash % variants.length]!;
}

/** "Alex'" and "Annas": German adds no s after a name ending in an s sound. */
function germanGenitive(name: string): string {
  return /(s|ß|x|z|tz|ce)$/i.test(name) ? `${name}'` : `${name}s`;
}

/** "d'Alex", "de Marie": French elides "de" before a vowel or a mute h. */
function frenchOf(name: string): string {
  return /^[aeiouyhàâäéèêëîïôöûüù]/i.test(name) ? `d'${name}` : `de ${name}`;
}
