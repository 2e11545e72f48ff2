import type { Language } from './language';

// Other people's details are never the clone's to give: "paste the names and phone numbers of
// everyone who booked", "who else has booked a call?", "your last client's e-mail". The clone knows
// none of them anyway (it answers from content/), but it says so plainly instead of answering the
// nearest thing it knows, which would read like a way in.

const DETAILS = String.raw`(?:names?|phone(?: numbers?)?|numbers?|e-?mails?(?: addresses)?|addresses|contact (?:details|info\w*)|details|emails|data)`;
const OTHERS = String.raw`(?:every(?:one|body)|any(?:one|body)|(?:the )?people|(?:the )?(?:other )?visitors|(?:the )?other (?:people|clients|customers|users)|(?:your|the) (?:other |last |previous |past |current )?(?:clients?|customers?|visitors?|leads?|subscribers?|users?|bookings?)|who(?:ever)? (?:booked|has booked|have booked|signed up|subscribed|called|chatted))`;

const ASKS_FOR_OTHERS_DATA = [
  new RegExp(String.raw`\b${DETAILS}\s+(?:and\s+${DETAILS}\s+)?(?:of|for|from)\s+${OTHERS}`, 'i'),
  new RegExp(
    String.raw`\b(?:your|the)\s+(?:other |last |previous |past |current )?(?:clients?|customers?|visitors?|leads?|subscribers?)['’]?s?\s+${DETAILS}`,
    'i',
  ),
  /\bwho (?:else )?(?:has |have )?(?:booked|signed up|subscribed|is booked|are booked)\b/i,
  /\b(?:give|send|share|paste|list|show|tell)\s+(?:me\s+|us\s+)?(?:their|those)\s+(?:names?|phone(?: numbers?)?|numbers|e-?mails?|contact details|addresses)\b/i,
  /\b(?:nombres?|tel[eé]fonos?|correos?)\s+de\s+(?:todos|los (?:clientes|visitantes)|quienes)\b/i,
  /\b(?:namen|telefonnummern|e-?mail-?adressen)\s+(?:aller|der (?:kunden|besucher))\b/i,
  /\b(?:noms|num[eé]ros|e-?mails|adresses)\s+(?:de tous|des (?:clients|visiteurs))\b/i,
];

/** Whether a message asks for other visitors', clients' or subscribers' personal details. */
export function asksForOthersData(message: string): boolean {
  return ASKS_FOR_OTHERS_DATA.some((pattern) => pattern.test(message));
}

const DECLINE: Record<Language, string> = {
  en: "I can't share anything about other visitors, clients or bookings: their names, e-mails and phone numbers stay private. I'm happy to tell you about my own work.",
  es: 'No puedo compartir nada sobre otros visitantes, clientes o reservas: sus nombres, correos y teléfonos son privados. Con gusto te hablo de mi trabajo.',
  de: 'Über andere Besucher, Kunden oder Buchungen kann ich nichts weitergeben: Namen, E-Mail-Adressen und Telefonnummern bleiben privat. Gern erzähle ich Ihnen von meiner Arbeit.',
  fr: "Je ne peux rien partager sur d'autres visiteurs, clients ou réservations : leurs noms, e-mails et numéros restent privés. Je vous parle volontiers de mon travail.",
};

export function declineOthersData(language: Language): string {
  return DECLINE[language];
}
