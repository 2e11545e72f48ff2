// Whether the visitor wants to get in touch. Decided here, by server code, never by model text,
// so a model cannot be talked into (or out of) showing the contact form.

// Phrases that state an intent to hire, book, call, get a quote or make contact.
const INTENT_PATTERNS: RegExp[] = [
  // hire / engage
  /\b(hire|hiring|engage|retain|contract|recruit|onboard)\s+(you|alex|him)\b/,
  /\b(want|wants|wanted|like|looking|plan(ning)?|interested|keen|hoping|ready)\s+(to\s+|in\s+)?(hire|hiring|engage|engaging|work(ing)? with you|book|booking|start(ing)? a project)\b/,
  /\b(work|working|partner|partnering|collaborate|collaborating)\s+(together|with you)\b/,
  /\b(your|alex'?s?)\s+(services|help)\s+(for|on|with)\b/,
  /\b(available|free)\s+for\s+(hire|a (new )?project|(new )?projects|work|freelance|a contract|an engagement)\b/,
  /\b(help|support)\s+(us|me|our team)\s+(build|with|implement|design|create|develop|migrate|set up)\b/,
  /\bhave\s+(a|an)\s+(project|opportunity|role|contract|engagement)\s+for\s+you\b/,
  /\b(get|getting)\s+started\b/,
  /\bnext steps?\b/,
  // call / meet / book / schedule
  /\b(book|schedule|set up|setup|arrange|organi[sz]e|plan|request|have|get|hop on|jump on|get on)\s+(a|an|the|some)?\s*(quick|short|brief|free|intro(ductory)?|discovery|phone|video|zoom|teams)?\s*(call|meeting|consultation|chat|session|appointment|slot|time to talk)\b(?!\s*(cent(er|re)s?|stack|graph|log|flow|option))/,
  /\bbook\s+((me|us)\s+)?(you|a slot|a time|time|some time|in)\b/,
  /\b(quick|short|brief|free|intro(ductory)?|discovery)\s+(call|chat|meeting)\b/,
  /\b(call|phone|ring)\s+(me|us)\b/,
  /\bgive\s+(me|us)\s+a\s+(call|ring)\b/,
  /\b(can|could|may|shall)\s+(i|we)\s+(call|phone|ring|meet|talk|speak|chat with)\b(?!\s+(your|the) (ai|clone|bot))/,
  /\b(call|phone|meet|talk to|speak (to|with))\s+you\b/,
  /\b(talk|speak|chat)\s+(to|with)\s+(you|alex|the real (you|alex)|a human|someone)\s*(in person|directly|live|about|regarding|over|on|\?|$)/,
  /\blet'?s\s+(talk|chat|meet|connect|discuss|do it|get started|set up)\b/,
  /\b(phone|video|zoom|teams|intro|discovery|sales)\s+call\b/,
  /\bconsult(ation)?\s+(call|session|with you)\b/,
  /\bdiscuss\s+(a|my|our|the|this|your)?\s*(project|engagement|opportunity|idea|needs|requirements|use case|contract)\b/,
  // quote / pricing for a project
  /\b(get|need|want|like|send|give|request|receive)\s+(me\s+|us\s+)?(a|an|your)\s+(quote|estimate|proposal|quotation)\b/,
  /\b(quote|estimate|proposal|quotation)\s+for\s+(a|an|my|our|the|this)\b/,
  /\bhow much\s+(would|will|might|does)\s+(it|this|that|a project|such a project|you)\s+(cost|charge|be)\b/,
  /\bhow much\s+(would|will|do)\s+you\s+charge\s+(for|to|us|me)\b/,
  /\bwhat\s+(would|will|might)\s+(it|this|that|(a|an|the|our|my)\s+(project|build|pilot|engagement|solution))\b[^?.]*\bcost\b/,
  /\b(price|pricing|cost|budget)\s+(for|of)\s+(a|an|my|our|the|this)\s+(project|build|pilot|proof of concept|poc|assessment|engagement)\b/,
  // contact
  /\b(contact|reach|e-?mail|message)\s+(you|alex)\b/,
  /\bget\s+in\s+(touch|contact)\b/,
  /\bhow\s+(do|can|could|should)\s+(i|we)\s+(contact|reach|call|book|hire|engage)\b/,
  /\b(your|alex'?s?)\s+(e-?mail( address)?|phone( number)?|number|contact (details|info(rmation)?))\b/,
  /\bleave\s+(my|our)\s+(details|contact|number|e-?mail)\b/,
];

// Words that turn the intent that follows into its opposite ("I don't want a call").
const NEGATION =
  /\b(no|not|don'?t|doesn'?t|didn'?t|do not|never|without|won'?t|wouldn'?t|can'?t|cannot|rather not|no need|nobody|none|stop)\b/;
// "why don't we book a call" and "I don't mind a call" are invitations, not refusals.
const NOT_A_NEGATION =
  /\b(why (don'?t|not)|don'?t (mind|hesitate)|not (sure|yet sure)\b.*\bbut|no (problem|worries))\b/;

/** True when the message asks to hire, book, call, get a quote or make contact; false on refusals. */
export function hasContactIntent(message: string): boolean {
  const text = message
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
  // Clauses are judged one by one: "No, I'd like to book a call" and "not sure yet, but can we talk?"
  const clauses = text.split(/[.!?;,]+|\bbut\b|\bhowever\b/);
  return clauses.some((clause) => clauseHasIntent(clause.trim()));
}

function clauseHasIntent(clause: string): boolean {
  if (!clause) return false;
  for (const pattern of INTENT_PATTERNS) {
    const match = pattern.exec(clause);
    if (!match) continue;
    const before = clause.slice(0, match.index + match[0].length);
    const isNegated = NEGATION.test(before) && !NOT_A_NEGATION.test(before);
    if (!isNegated) return true;
  }
  return false;
}

export interface ContactFormState {
  /** This visitor message states a contact intent. */
  hasIntent: boolean;
  /** Visitor messages in the conversation, including this one. */
  visitorMessageCount: number;
  /** A contact request was made from this conversation (with a slot or a preferred time). */
  hasContactRequest: boolean;
  /** The unprompted nudge already happened (conversations.contactNudgedAt is set). */
  wasNudged: boolean;
  /** The previous assistant reply already opened the form. */
  previousReplyShowedForm: boolean;
  /** Any earlier assistant reply in this conversation opened the form. */
  hasShownFormBefore: boolean;
}

export interface ContactFormDecision {
  shouldShowContactForm: boolean;
  /** True when this is the once-per-conversation unprompted nudge (record it). */
  isNudge: boolean;
}

/** The nudge comes with the reply to this visitor message (the 4th) or a later one. */
export const NUDGE_AFTER_VISITOR_MESSAGES = 4;

/**
 * Whether the reply to this message should open the contact form: on a stated intent; otherwise
 * once per conversation as a nudge after the 4th visitor message, unless a call is already
 * scheduled or the form was already shown; never twice in a row without a new intent.
 */
export function decideContactForm(state: ContactFormState): ContactFormDecision {
  if (state.hasIntent) return { shouldShowContactForm: true, isNudge: false };
  const mayNudge =
    !state.previousReplyShowedForm &&
    !state.hasShownFormBefore &&
    !state.wasNudged &&
    !state.hasContactRequest &&
    state.visitorMessageCount >= NUDGE_AFTER_VISITOR_MESSAGES;
  return { shouldShowContactForm: mayNudge, isNudge: mayNudge };
}
