import { pattern, type IntentRules } from './rules';

// German capitalises every noun, so only the profile's own name counts as the owner's ("mit Alex").
const OWNER_NAME = String.raw`(?<ownerName>\p{L}[\p{L}-]*)`;
const YOU = String.raw`(?:sie|dich|euch|ihn)`;
const WITH_OWNER = String.raw`mit\s+(?:ihnen|dir|euch|ihm|${OWNER_NAME})`;
// The person rather than the clone: "einem echten Menschen", "dem echten Alex".
const WITH_HUMAN = String.raw`mit\s+(?:(?:einem|einer|dem|der)\s+(?:echten\s+|richtigen\s+|realen\s+|lebenden\s+)?(?:menschen|mensch|person)|(?:dem|der)\s+(?:echten|richtigen|realen|wahren)\s+\p{L}+)\b`;
const MEETING = String.raw`(?:termin|telefontermin|gespräch|telefonat|call|meeting|videocall|videogespräch|erstgespräch|kennenlerngespräch|beratungsgespräch|beratung|austausch|treffen|anruf|videokonferenz)\b`;
const ARRANGE = String.raw`(?:vereinbaren|ausmachen|buchen|machen|planen|haben|führen|abstimmen|einrichten|festlegen|organisieren|arrangieren)\b`;
// "Können wir auf Englisch sprechen?" asks about the language, not for a call.
const NOT_A_LANGUAGE = String.raw`(?<!\b(?:auf|in)\s+(?:deutsch|englisch|spanisch|französisch|italienisch)\s+)`;
const QUOTE = String.raw`(?:angebot|kostenvoranschlag|kostenschätzung|preisangebot)\b`;
const PRODUCT = String.raw`(?:assistenten|assistent|agenten|agent|bots?|chatbots?|klone?|ki|systeme?|apps?|tools?|plattform(?:en)?|lösung(?:en)?|software|modelle?)`;

const INTENTS = [
  // "Hätten Sie nächste Woche Zeit für ein Gespräch?"
  pattern`\bzeit\s+f[üu]r\s+(?:ein(?:en)?\s+|einen\s+kurzen\s+|ein\s+kurzes\s+)?${MEETING}`,
  // Hiring the owner: "ich möchte Sie beauftragen".
  pattern`\b${YOU}\s+(?:\p{L}+\s+){0,4}?(?:beauftragen|engagieren|anheuern|buchen|verpflichten)\b`,
  pattern`\b(?:beauftragen|engagieren|buchen)\s+(?:wir|ich)\s+${YOU}\b`,
  pattern`\b${WITH_OWNER}\s+(?:\p{L}+\s+){0,3}?(?:zusammenarbeiten|arbeiten|kooperieren)\b`,
  pattern`\b(?:an|über|für)\s+(?:eine[rn]?\s+)?zusammenarbeit\b`,
  pattern`\b(?:verfügbar|frei|offen|kapazitäten?)\s+(?:\p{L}+\s+)?für\s+(?:ein|einen|eine|neue)\s+(?:neues\s+|neuen\s+)?(?:projekt|projekte|auftrag|aufträge|mandat)\b`,
  pattern`\bnehm(?:en sie|t er|t sie|st du)\s+(?:noch\s+|gerade\s+|aktuell\s+|derzeit\s+)?neue\s+(?:projekte|kunden|aufträge)\b`,
  pattern`\bwir\s+haben\s+ein\s+projekt\s+für\s+(?:sie|dich)\b`,
  // "Wäre das etwas für Sie?" after describing the work; "wir bräuchten erfahrene Unterstützung".
  pattern`\bwäre\s+das\s+(?:etwas|was)\s+für\s+(?:sie|dich|euch)\b`,
  pattern`\b(?:bräuchten|brauchen|suchen)\b(?:\s+\p{L}+){0,4}?\s+(?:externe|erfahrene|fachliche)?\s*unterstützung\b`,
  // Going ahead: "Wie geht es weiter?", "die nächsten Schritte", "Wo unterschreibe ich?"
  pattern`\bwie\s+(?:geht(?:'?s| es)|gehts)\s+(?:jetzt\s+|nun\s+|dann\s+)?weiter\b|\bwie\s+es\s+(?:jetzt\s+|nun\s+)?weitergeht\b`,
  pattern`\bnächsten?\s+schritte?\b|\bnächster\s+schritt\b`,
  pattern`\bwie\s+(?:fangen|legen|starten|beginnen|gehen)\s+wir\s+(?:\p{L}+\s+)?(?:an|los|vor)?\s*$`,
  pattern`\b(?:lass(?:t)? uns|legen wir)\s+(?:\p{L}+\s+)?(?:loslegen|los|starten|anfangen|beginnen)\b`,
  pattern`\bwo\s+(?:unterschreibe|unterzeichne)\s+ich\b|\bich\s+bin\s+dabei\b`,
  pattern`\b(?:ich bin|wir sind)\s+überzeugt\s*$`,
  // Committing: ready to sign, a kick-off on the calendar, who to talk to about the contract, sent
  // by someone to make contact, a problem like one the owner solved.
  pattern`\b(?:ich bin|wir sind)\s+(?:\p{L}+\s+)?bereit\b(?:\s+\p{L}+){0,3}?\s+(?:zu unterschreiben|zu unterzeichnen|loszulegen|anzufangen|zu starten|zu beginnen)\b`,
  pattern`\bmit\s+wem\s+(?:spreche|rede|muss|soll|kann)\s+(?:ich|wir)\b`,
  pattern`\bwir\s+(?:möchten|wollen|würden)\s+(?:(?:gerne?|bald|sofort|jetzt|zeitnah|schnell|direkt|mit ihnen|mit dir|im \p{L}+|nächsten? \p{L}+)\s+){0,3}(?:starten|loslegen|anfangen|beginnen)\b`,
  // "Mein Chef hat mich gebeten, Sie zu kontaktieren": the comma ends a clause, so each half counts.
  pattern`\b(?:hat|haben)\s+mich\s+gebeten\b(?:\s+\p{L}+){0,3}?\s+(?:zu kontaktieren|anzuschreiben|anzurufen|zu melden|kontakt aufzunehmen)\b`,
  pattern`^(?:sie|dich|euch)\s+(?:zu kontaktieren|anzuschreiben|anzurufen)\b`,
  pattern`\b(?:wir haben|ich habe|wir brauchen|wir suchen)\s+(?:\p{L}+\s+){0,5}?(?:ähnlich(?:es|en|e)?|genau so(?:lch)?(?:es|en|e)?)\b(?:\s+\p{L}+){0,3}?\s+wie\s+(?:ihr|ihre|ihrem|ihren|dein|deine|deinem|deinen|bei ihnen|bei dir)\b`,
  pattern`\b(?:kick-?off|projektstart|starttermin)\s+(?:\p{L}+\s+){0,2}?(?:planen|festlegen|terminieren|vereinbaren|ansetzen|in den kalender)\b`,
  // A call or a meeting: "einen Termin vereinbaren", "Können wir telefonieren?\"
  pattern`\b(?:einen|ein|eine|nen)\s+(?:\p{L}+\s+)?${MEETING}\s*(?:\p{L}+\s+){0,3}?${ARRANGE}`,
  pattern`\bwie\s+wäre\s+es\s+mit\s+(?:einem|einer)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\btermin\s+(?:\p{L}+\s+){0,2}?(?:vereinbaren|ausmachen|buchen|machen)\b`,
  pattern`\b(?:hätte|hätten|möchte|möchten|würde|würden)\s+(?:\p{L}+\s+){0,2}?(?:einen|ein|eine)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\b(?:können|könnten|wollen|sollen|sollten|kann|könnte)\s+(?:wir|ich)\s+(?:\p{L}+\s+){0,4}?${NOT_A_LANGUAGE}(?:telefonieren|sprechen|reden|treffen|unterhalten|austauschen|zoomen)\b`,
  pattern`\bwir\s+(?:\p{L}+\s+){0,2}?(?:telefonieren|sprechen|reden)\s+(?:können|könnten)\b`,
  pattern`\b(?:${WITH_HUMAN}|${WITH_OWNER})\s+(?:\p{L}+\s+){0,3}?${NOT_A_LANGUAGE}(?:sprechen|reden|telefonieren|treffen|unterhalten|austauschen)\b`,
  pattern`\b(?:rufen sie|ruf|ruft)\s+mich\s+(?:\p{L}+\s+){0,2}?an\b|\b(?:mich|uns|${YOU})\s+(?:\p{L}+\s+){0,2}?anrufen\b`,
  // "Können Sie mich nächste Woche zurückrufen?", "Bitte um Rückruf"
  pattern`\b(?:mich|uns)\s+(?:\p{L}+\s+){0,3}?zurückrufen\b|\brückruf\b`,
  pattern`\b(?:ein|einen)\s+(?:kostenloses|kostenlosen|kurzes|kurzen|unverbindliches|unverbindlichen)\s+(?:erstgespräch|kennenlerngespräch|beratungsgespräch|gespräch|telefonat)\b`,
  // A quote: "ein Angebot", "Was würde das kosten?"
  // "Angebot" is also what a business offers ("Haben Sie ein Angebot für Startups?"): asked for, it is a quote.
  pattern`\b(?:hätte|hätten|möchte|möchten|brauche|brauchen|benötige|benötigen|bitte um|wünsche|erbitte)\s+(?:\p{L}+\s+){0,2}?(?:ein|einen)\s+(?:\p{L}+\s+)?${QUOTE}`,
  pattern`\b(?:ein|einen)\s+(?:\p{L}+\s+)?${QUOTE}\s+(?:\p{L}+\s+){0,4}?(?:machen|schicken|senden|zusenden|erstellen|bekommen|erhalten|zukommen)\b`,
  pattern`\bkostenvoranschlag\b`,
  pattern`\b(?:angebot|kostenvoranschlag)\s+(?:für|zu)\s+(?:ein|eine|einen|mein|meine|unser|unsere|das|die|den|dieses)\b`,
  pattern`\b(?:was|wie\s*viel)\s+(?:würde|wird)\s+(?:\p{L}+\s+){0,4}?kosten\b`,
  // Contact: "Wie kann ich Sie erreichen?", "Ihre E-Mail-Adresse"
  pattern`\bwie\s+(?:kann|können|könnte)\s+(?:ich|wir)\s+${YOU}\s+(?:\p{L}+\s+)?(?:erreichen|kontaktieren|anschreiben)\b`,
  pattern`\bwie\s+(?:erreiche|kontaktiere)\s+(?:ich|wir)\s+${YOU}\b|\b${YOU}\s+kontaktieren\b`,
  pattern`\bkontakt\s+(?:\p{L}+\s+)?(?:aufnehmen|herstellen)\b|\bkontaktieren\s+sie\s+mich\b|\bmelden\s+sie\s+sich\b|\bmeld\s+dich\b`,
  pattern`\b(?:ihre|deine)\s+(?:e-?mail(?:-?adresse)?|telefonnummer|nummer|kontaktdaten)\b`,
  pattern`\bmeine\s+(?:kontaktdaten|nummer|telefonnummer|e-?mail(?:-?adresse)?)\s+(?:\p{L}+\s+){0,2}?(?:hinterlassen|dalassen|geben|schicken|senden)\b`,
];

const ABOUT_THE_SERVICE = [
  // "Kann man einen Termin am Samstag buchen?": how booking works.
  pattern`\b(?:buchen|reservieren|vereinbaren)\b.*\b(?:am|an einem|diesen)\s+(?:samstag|sonntag|wochenende|feiertag)\b.*|\b(?:am|an einem)\s+(?:samstag|sonntag|wochenende|feiertag)\b.*\b(?:buchen|reservieren)\b.*`,
  // "Können Ihre Assistenten Termine in Outlook vereinbaren?", "Ihre Bots können ..."
  pattern`\b(?:können|könnten|kann|könnte|werden|sind|ist|dürfen)\s+(?:ihre|deine|eure|die|der|das|ein|eine|euer|ihr)\s+(?:\p{L}+\s+)?${PRODUCT}\b.*`,
  pattern`\b(?:ihre|deine|eure|die)\s+${PRODUCT}\s+(?:können|kann|könnten)\b.*`,
  // What booking asks of the visitor: "Muss ich meine Nummer angeben, um einen Termin zu buchen?"
  // (the comma makes "um ... zu buchen" a clause of its own: what something is for, not a wish).
  pattern`\b(?:muss|müssen|brauche|brauchen|sollte|sollten)\s+(?:ich|wir)\b.*`,
  pattern`^um\s+.*`,
  // "Was beinhaltet das Erstgespräch?", "Wie lange dauert der Termin?"
  pattern`\b(?:was|wer|wie lange|wie viel)\s+(?:\p{L}+\s+){0,2}?(?:das|der|die|dem|den|ihr|ihre|dieses)\s+(?:\p{L}+\s+)?${MEETING}`,
  // "Wie schnell melden Sie sich?" asks how fast, not for contact.
  pattern`\bwie\s+(?:schnell|bald|rasch|zügig)\b.*`,
];

export const GERMAN: IntentRules = {
  intents: INTENTS,
  aboutTheService: ABOUT_THE_SERVICE,
  negation: /\b(nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|ohne|nein)\b/,
  notANegation: /\b((warum|wieso|weshalb) nicht|kein problem|nicht sicher)\b/,
};
