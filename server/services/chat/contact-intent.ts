// Whether the visitor wants to get in touch. Decided here, by server code, never by model text,
// so a model cannot be talked into (or out of) showing the contact form. One rule for both chat
// models: the offline clone asks it to shape its reply, sendMessage asks it to open the form.
// The phrases live in contact-intent-phrases/, one file a language (English, Spanish, German, French).

import { ENGLISH } from './contact-intent-phrases/english';
import { FRENCH } from './contact-intent-phrases/french';
import { GERMAN } from './contact-intent-phrases/german';
import { normalizeText, type IntentRules } from './contact-intent-phrases/rules';
import { SPANISH } from './contact-intent-phrases/spanish';

const LANGUAGES: readonly IntentRules[] = [ENGLISH, SPANISH, GERMAN, FRENCH];

// Clauses are judged one by one: "No, I'd like to book a call", "not sure yet, but can we talk?"
const CLAUSE_BREAK = /[.!?;,¿¡]+|\b(?:but|however|pero|sino|aber|sondern|jedoch|mais|cependant)\b/;

/** Words that may name the owner: any capitalised word, or only the profile's name (German nouns). */
interface OwnerNames {
  capitalised: ReadonlySet<string>;
  profile: ReadonlySet<string>;
}

/**
 * True when the message asks to hire, book, call, get a quote or make contact, in English,
 * Spanish, German or French, however indirectly ("How do we move forward?", "¿cómo seguimos?");
 * false on refusals and on questions about the service or a product's features ("What's included
 * in the intro call?", "Can your assistants schedule meetings?"). `ownerName` (the profile's) is
 * recognised however it is typed: "how do i contact alex".
 */
export function hasContactIntent(message: string, ownerName = ''): boolean {
  const text = normalizeText(message);
  const profile = new Set(normalizeText(ownerName).toLowerCase().split(' ').filter(Boolean));
  // Capitalised words (acronyms such as AWS do not count), lowercased, and the profile's name.
  const capitalised = new Set([
    ...profile,
    ...Array.from(text.matchAll(/(?<!\p{L})\p{Lu}\p{Ll}[\p{L}-]*/gu), ([word]) => word.toLowerCase()),
  ]);
  const names: OwnerNames = { capitalised, profile };
  return text
    .toLowerCase()
    .split(CLAUSE_BREAK)
    .some((clause) => clauseHasIntent(clause.trim(), names));
}

function clauseHasIntent(clause: string, names: OwnerNames): boolean {
  if (!clause) return false;
  // A question about the service in any language cancels an intent phrase inside it. Looked for
  // only once an intent phrase is found: most messages have none.
  let found: Array<{ start: number; end: number }> | undefined;
  const serviceQuestions = () =>
    (found ??= LANGUAGES.flatMap((rules) =>
      rules.aboutTheService.flatMap((question) =>
        Array.from(clause.matchAll(question), (match) => ({
          start: match.index,
          end: match.index + match[0].length,
        })),
      ),
    ));
  return LANGUAGES.some((rules) =>
    rules.intents.some((intent) =>
      Array.from(clause.matchAll(intent)).some((match) => {
        const end = match.index + match[0].length;
        if (!isOwnerReference(match.groups, names)) return false;
        if (serviceQuestions().some((question) => match.index < question.end && end > question.start))
          return false;
        const before = clause.slice(0, end);
        return !rules.negation.test(before) || rules.notANegation.test(before);
      }),
    ),
  );
}

/** A name the pattern took for the owner's must be one: "hire Alex", not "hire Python developers". */
function isOwnerReference(groups: Record<string, string | undefined> | undefined, names: OwnerNames) {
  const isAll = (words: string | undefined, known: ReadonlySet<string>) =>
    words === undefined || words.split(' ').every((word) => known.has(word));
  return isAll(groups?.name, names.capitalised) && isAll(groups?.ownerName, names.profile);
}

// A question about picking a time, in any of the four languages: "what times can I pick?",
// "¿qué horarios hay?", "welche Uhrzeiten gehen?", "quels créneaux ?".
const BOOKING_TIME =
  /\b(slots?|times?|hours?|days?|dates?|mornings?|afternoons?|evenings?|weekdays?|weekends?|monday|tuesday|wednesday|thursday|friday|time ?zones?|calendar|horarios?|horas?|dias?|fechas?|franjas?|manana|tarde|lunes|martes|miercoles|jueves|viernes|uhrzeit(en)?|zeit(en|fenster)?|tage?|termine?|vormittags?|nachmittags?|montag|dienstag|mittwoch|donnerstag|freitag|creneaux|creneau|heures?|jours?|matin|apres-midi|lundi|mardi|mercredi|jeudi|vendredi)\b/;
const BOOKING_CHOICE =
  /\b(when|pick|choose|select|book|schedule|available|free|open|offered|possible|work|suit|fit|(what|how) about|instead|cuando|elegir|escoger|reservar|disponibles?|libres?|(y|que tal) el|wann|wahlen|buchen|frei|verfugbar|moglich|und am|wie ware es|quand|choisir|reserver|possibles?|et (le|pour))\b/;

/**
 * A question about when or how to book ("what times can I pick?"): right after the form opened it
 * is the visitor booking, so the form stays open; on its own it only asks how booking works.
 */
export function asksAboutBooking(message: string): boolean {
  const text = normalizeText(message).toLowerCase();
  return BOOKING_TIME.test(text) && BOOKING_CHOICE.test(text);
}

export interface ContactFormState {
  /** This visitor message states a contact intent (`hasContactIntent`). */
  hasIntent: boolean;
  /** This visitor message asks when or how to book (`asksAboutBooking`). */
  asksAboutBooking?: boolean;
  /** The previous assistant reply already opened the form. */
  previousReplyShowedForm: boolean;
}

/**
 * Whether the reply to this message should open the contact form: on a stated intent, or on a
 * question about booking right after the form opened (the visitor is booking). Never on a count of
 * messages: an unprompted form covered the answer the visitor had just asked for, so a visitor who
 * only asks questions reads answers, and books from the schedule-call button when they choose.
 */
export function decideContactForm(state: ContactFormState): boolean {
  return state.hasIntent || Boolean(state.asksAboutBooking && state.previousReplyShowedForm);
}
