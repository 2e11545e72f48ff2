// Whether the visitor wants to get in touch. Decided here, by server code, never by model text,
// so a model cannot be talked into (or out of) showing the contact form. One rule for both chat
// models: the offline clone asks it to shape its reply, sendMessage asks it to open the form.
// The phrases are language data (languages/*.json, key contactIntent, in the grammar of
// contact-intent-grammar.ts), compiled once here; every language's phrases are tried on every
// message, so a visitor who switches language mid-sentence is still understood.

import { LANGUAGES } from '../clone/engine/language-data';
import { PhraseCompiler, type CompiledPhrase } from './contact-intent-grammar';

interface IntentRules {
  intents: CompiledPhrase[];
  /** Questions about the service or the product: an intent phrase inside one does not count. */
  serviceQuestions: CompiledPhrase[];
  /** Words that turn the intent that follows into its opposite ("I don't want a call")... */
  negation: RegExp | undefined;
  /** ... unless they are part of an invitation ("why don't we", "¿por qué no"). */
  notANegation: RegExp | undefined;
}

function compileRules(): IntentRules[] {
  return LANGUAGES.map(({ code, data: { contactIntent } }) => {
    const compiler = new PhraseCompiler(contactIntent.slots, code);
    const any = (phrases: string[] | undefined) =>
      phrases?.length ? compiler.compileAny(phrases) : undefined;
    return {
      intents: contactIntent.intents.map((phrase) => compiler.compile(phrase)),
      serviceQuestions: (contactIntent.serviceQuestions ?? []).map((phrase) => compiler.compile(phrase)),
      negation: any(contactIntent.negations),
      notANegation: any(contactIntent.negationExceptions),
    };
  });
}

const RULES = compileRules();
const WORDS = new PhraseCompiler();
const languageLists = (list: 'clauseBreaks' | 'bookingTimes' | 'bookingChoices') =>
  LANGUAGES.flatMap(({ data }) => data.contactIntent[list] ?? []);

// Clauses are judged one by one: "No, I'd like to book a call", "not sure yet, but can we talk?"
const CLAUSE_BREAK = new RegExp(
  String.raw`[.!?;,¿¡]+|${WORDS.compileAny(languageLists('clauseBreaks')).source}`,
  'u',
);
const BOOKING_TIME = WORDS.compileAny(languageLists('bookingTimes'));
const BOOKING_CHOICE = WORDS.compileAny(languageLists('bookingChoices'));

/** Words that may name the owner: any capitalised word, or only the profile's name (German nouns). */
interface OwnerNames {
  capitalised: ReadonlySet<string>;
  profile: ReadonlySet<string>;
}

/**
 * True when the message asks to hire, book, call, get a quote or make contact, in any language the
 * clone reads, however indirectly ("How do we move forward?", "¿cómo seguimos?"); false on
 * refusals and on questions about the service or a product's features ("What's included in the
 * intro call?", "Can your assistants schedule meetings?"). `ownerName` (the profile's) is
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

/** Whether the clause may hold a match: it holds one of the words the phrase cannot do without. */
function mayMatch(phrase: CompiledPhrase, clause: string): boolean {
  return phrase.required === undefined || phrase.required.some((word) => clause.includes(word));
}

function clauseHasIntent(clause: string, names: OwnerNames): boolean {
  if (!clause) return false;
  // A question about the service in any language cancels an intent phrase inside it. Looked for
  // only once an intent phrase is found: most messages have none.
  let found: Array<{ start: number; end: number }> | undefined;
  const serviceQuestions = () =>
    (found ??= RULES.flatMap((rules) =>
      rules.serviceQuestions
        .filter((question) => mayMatch(question, clause))
        .flatMap((question) =>
          Array.from(clause.matchAll(question.regex), (match) => ({
            start: match.index,
            end: match.index + match[0].length,
          })),
        ),
    ));
  return RULES.some((rules) =>
    rules.intents.some(
      (intent) =>
        mayMatch(intent, clause) &&
        Array.from(clause.matchAll(intent.regex)).some((match) => {
          const end = match.index + match[0].length;
          if (!isOwnerReference(match.groups, names)) return false;
          if (serviceQuestions().some((question) => match.index < question.end && end > question.start))
            return false;
          const before = clause.slice(0, end);
          return !rules.negation?.test(before) || Boolean(rules.notANegation?.test(before));
        }),
    ),
  );
}

/** A name the pattern took for the owner's must be one: "hire Alex", not "hire Python developers". */
function isOwnerReference(groups: Record<string, string | undefined> | undefined, names: OwnerNames) {
  return Object.entries(groups ?? {}).every(([group, word]) => {
    if (word === undefined) return true;
    return group.startsWith('ownerName') ? names.profile.has(word) : names.capitalised.has(word);
  });
}

/**
 * Text compared by the phrases: straight apostrophes, no accents ("teléfono" and "telefono"
 * alike), ß as ss, single spaces. Case is kept: capitals tell names apart.
 */
function normalizeText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

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
