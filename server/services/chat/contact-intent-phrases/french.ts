import { pattern, type IntentRules } from './rules';

// The owner: "vous", "toi", "lui", or a name the visitor capitalises ("avec Alex").
const NAME = String.raw`(?<name>\p{L}[\p{L}-]*)`;
const WITH_OWNER = String.raw`(?:avec|à)\s+(?:vous|toi|lui|${NAME})`;
// The person rather than the clone: "au vrai Alex", "à un humain", "une vraie personne".
const HUMAN = String.raw`(?:(?:à|au|avec)\s+(?:(?:un|une|le|la|l')\s*)?(?:vrai|vraie|véritable|réel|réelle|humain|personne|être humain|quelqu'un))\b`;
const MEETING = String.raw`(?:rendez-vous|rendez vous|rdv|appel|réunion|entretien|call|visio|visioconférence|échange|consultation|coup de fil)\b`;
const WANT = String.raw`(?:voudrais|voudrions|aimerais|aimerions|souhaite|souhaiterais|souhaitons|veux|voulons)`;
// "Peut-on parler anglais ?" asks about the language, not for a call.
const NOT_A_LANGUAGE = String.raw`(?!\s+(?:en\s+)?(?:français|anglais|allemand|espagnol|italien)\b)`;
// Talking with the owner: "nous appeler", "vous parler", "se voir" (not "voir vos projets").
const TALK = String.raw`(?:(?:(?:nous|vous|se|te|lui)\s+|s'|t')?(?:appeler|parler|discuter|téléphoner|échanger)\b${NOT_A_LANGUAGE}|(?:(?:nous|vous|se|te)\s+|s'|t')(?:voir|rencontrer|entretenir)\b)`;
const PRODUCT = String.raw`(?:assistants?|agents?|bots?|chatbots?|clones?|ia|systèmes?|applications?|outils?|plateformes?|solutions?|logiciels?|modèles?)`;

const INTENTS = [
  // Hiring the owner: "je voudrais vous engager", "faire appel à vous".
  pattern`(?:\bvous\s+|\bte\s+|\bt'|\bl')(?:engager|embaucher|recruter|mandater|solliciter)\b`,
  pattern`\b(?:engager|embaucher|recruter)\s+${NAME}\b`,
  pattern`\bfaire\s+appel\s+(?:à\s+(?:vous|toi|lui|vos services|tes services|${NAME})|à vos services)\b`,
  pattern`\b(?:travailler|collaborer|bosser|commencer)\s+(?:ensemble|${WITH_OWNER})\b`,
  pattern`\bdisponible\s+pour\s+(?:un|une|de nouveaux|de nouvelles|des)\s+(?:nouveau\s+|nouvelle\s+)?(?:projets?|missions?|contrats?)\b`,
  pattern`\b(?:acceptez|prenez)(?:-vous| vous)\s+(?:encore\s+)?(?:de\s+)?(?:nouveaux|nouvelles)\s+(?:clients|projets|missions)\b`,
  pattern`\b(?:nous avons|on a|j'ai)\s+un\s+projet\s+pour\s+(?:vous|toi)\b`,
  // Going ahead: "Comment on avance ?", "la prochaine étape", "Où est-ce que je signe ?"
  pattern`\bcomment\s+(?:est-ce qu'on\s+|on\s+|nous\s+)?(?:avance|avancer|avançons|procède|procéder|procédons|continue|continuer|continuons|commence|commencer|commençons|démarre|démarrer|démarrons)\b(?=\s*(?:$|maintenant|ensemble|à partir d'ici|avec vous|concrètement|alors|donc))`,
  pattern`\bprochaines?\s+étapes?\b|\bétapes?\s+suivantes?\b|\bquelle\s+est\s+la\s+suite\b`,
  pattern`\boù\s+(?:est-ce que je|est ce que je|dois-je|je dois|je)\s+sign(?:e|er)\b|\binscrivez-moi\b`,
  pattern`\b(?:allons-y|allons y|c'est parti|je suis (?:partant|partante|convaincu|convaincue))\s*$`,
  // Committing: ready to sign, a kick-off on the calendar, who to talk to about the contract, sent
  // by someone to make contact, a problem like one the owner solved.
  // "On commence comment ?"
  pattern`\b(?:on|nous)\s+(?:commence|commençons|démarre|démarrons|procède|procédons|avance|avançons)\s+comment\b`,
  pattern`\b(?:je suis|nous sommes|on est)\s+(?:\p{L}+\s+)?(?:prêt|prête|prêts|prêtes)\s+à\s+(?:signer|démarrer|commencer|lancer|avancer|nous engager|s'engager)\b`,
  pattern`\bà\s+qui\s+(?:dois-je|doit-on|devons-nous|puis-je|peut-on|je dois|on doit|faut-il)\s+(?:m'adresser|nous adresser|s'adresser|parler|écrire)\b`,
  pattern`\bm'a\s+demandé\s+de\s+(?:vous|te)\s+(?:contacter|écrire|joindre|appeler)\b`,
  // "On aimerait démarrer le mois prochain" (not "commencer par une question").
  pattern`\b(?:on aimerait|on voudrait|${WANT})\s+(?:démarrer|commencer|lancer|avancer)\b(?!\s+(?:par|à)\b)`,
  pattern`\b(?:nous avons|on a|j'ai)\s+(?:\p{L}+\s+){0,5}?(?:semblable|similaire|proche|comme)\s+(?:à\s+|au\s+)?(?:celui\s+de\s+|celle\s+de\s+)?(?:votre|vos|ton|ta|tes)\b`,
  pattern`\b(?:caler|planifier|fixer|programmer)\s+(?:le|la|un|une)\s+(?:lancement|kick-?off|démarrage|date de début|date de démarrage)\b`,
  // A call or a meeting: "prendre rendez-vous", "Pouvons-nous nous appeler ?\"
  pattern`\bprendre\s+(?:un\s+)?(?:rendez-vous|rendez vous|rdv)\b`,
  pattern`\b(?:fixer|planifier|organiser|réserver|programmer|caler|avoir|prévoir|obtenir|demander|prendre|convenir d'|disposer d')\s*(?:un|une)\s+(?:\p{L}+\s+)?${MEETING}`,
  // "Je voudrais réserver l'appel découverte gratuit."
  pattern`\b${WANT}\s+(?:réserver|fixer|planifier|caler|prendre)\s+(?:l'|le\s+|la\s+)${MEETING}`,
  pattern`(?:\b${WANT}\s+|\bpourquoi pas\s+|\bque diriez-vous d'|\bet si on (?:faisait|prenait|calait)\s+)(?:un|une)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\b(?:(?:pouvons|pourrions|pourrait|peut|peux|puis|pourrais)[- ](?:nous|on|je)|(?:on|nous|je)\s+(?:peut|pourrait|pouvons|pourrions|peux|pourrais))\s+(?:en\s+)?${TALK}`,
  // "J'aimerais vous confier une mission."
  pattern`\b(?:vous|te)\s+confier\s+(?:une|un|notre|ce|cette)\b`,
  pattern`\b${WANT}\s+${TALK}`,
  pattern`\b(?:parler|discuter|échanger)\s+(?:directement\s+)?(?:${HUMAN}|${WITH_OWNER})`,
  pattern`\b(?:appelez-moi|appelle-moi|rappelez-moi|contactez-moi|recontactez-moi)\b|(?:\bme\s+|\bnous\s+|\bm')(?:rappeler|appeler|contacter|recontacter|joindre)\b`,
  pattern`\bun\s+(?:premier\s+)?(?:appel|échange|entretien)\s+(?:gratuit|découverte|de découverte|d'introduction|de présentation|rapide|court)\b`,
  // A quote: "un devis", "Combien coûterait ... ?"
  pattern`\b(?:un|votre|ton)\s+devis\b|\bdevis\s+pour\s+(?:mon|ma|notre|un|une|ce|cette|le|la)\b`,
  pattern`\bune\s+(?:estimation|proposition)\s+(?:commerciale|chiffrée|de prix|tarifaire|pour)\b`,
  // ... but the price of a standard offering ("combien coûterait un atelier ?") is in the rates.
  pattern`\bcombien\s+(?:ça\s+|cela\s+|me\s+|nous\s+)?(?:coûterait|coûtera|factureriez|factureriez-vous)\b(?!\s+(?:un|une|l')\s*(?:atelier|heure|journée|jour|évaluation|audit|pilote|poc|preuve|abonnement|forfait|plan)\b)`,
  // Contact: "Comment vous contacter ?", "votre e-mail"
  pattern`\b(?:vous|te)\s+(?:contacter|joindre|écrire)\b|\bprendre\s+contact\b|\bentrer\s+en\s+contact\b|\bme\s+mettre\s+en\s+(?:contact|relation)\b`,
  pattern`\b(?:votre|ton)\s+(?:e-?mail|adresse(?: e-?mail| mail)?|courriel|téléphone|numéro(?: de téléphone)?|coordonnées)\b`,
  pattern`\b(?:laisser|donner|envoyer)\s+(?:mes|mon)\s+(?:coordonnées|numéro|e-?mail|adresse)\b`,
];

const ABOUT_THE_SERVICE = [
  // "Est-ce qu'on peut réserver un appel un samedi ?": how booking works.
  pattern`\b(?:réserver|prendre|planifier)\b.*\b(?:un|le|ce)\s+(?:samedi|dimanche|week-end|weekend|soir|jour férié)\b.*`,
  // "Vos assistants peuvent-ils prendre des rendez-vous ?", "Est-ce que l'IA peut ..."
  pattern`(?:\b(?:vos|tes|les|ses|votre|ton|le|la)\s+|\bl')${PRODUCT}\s+(?:\p{L}+\s+)?(?:peuvent|peut|pourraient|pourrait|savent|sait|sont|est)\b.*`,
  // What booking asks of the visitor: "Faut-il donner mon numéro pour réserver un appel ?"
  pattern`(?<!\b(?:à qui|où|avec qui)\s+)\b(?:faut-il|faut il|dois-je|doit-on|devons-nous|est-il (?:obligatoire|nécessaire)|est-ce (?:obligatoire|nécessaire))\b.*`,
  // "Que comprend l'appel découverte ?", "Combien de temps dure le rendez-vous ?"
  pattern`(?<!\best[- ]ce )\b(?:que|qu'est-ce que|qu'est-ce qui|combien|qui)\b(?:\s*\p{L}+){0,4}?\s+(?:le|la|l'|votre|cet|cette|ce)\s*(?:\p{L}+\s+)?${MEETING}`,
];

export const FRENCH: IntentRules = {
  intents: INTENTS,
  aboutTheService: ABOUT_THE_SERVICE,
  negation: /(\b(ne|pas|jamais|sans|aucun|aucune|non)\b|\bn')/,
  notANegation: /\b(pourquoi (pas|ne)|pas de (probleme|souci|soucis)|n'hesitez|pas sur)\b/,
};
