// Whether the visitor wants to get in touch. Decided here, by server code, never by model text,
// so a model cannot be talked into (or out of) showing the contact form.

/** A pattern from raw source, so patterns share the fragments below; `g` for matchAll, `u` for \p{L}. */
function pattern(source: TemplateStringsArray, ...fragments: string[]): RegExp {
  return new RegExp(String.raw({ raw: source.raw }, ...fragments), 'gu');
}

// The owner as visitors refer to them: a pronoun or a name they capitalise ("hire Alex for ...").
// The name is not spelled here: content/profile.json holds it, and visitors use first names too.
// A capitalised word (or two: "Alex Morgan") counts as a name only when the reference ends after
// it, so "hire Python developers" is not about the owner; `hasContactIntent` checks the capitals.
const NAME_END_WORDS = String.raw`(?:for|to|as|on|about|regarding|directly|through|at|today|tomorrow|soon|next)\b`;
const NAME_ENDS = String.raw`(?=\s*(?:$|${NAME_END_WORDS}))`;
const OWNER = String.raw`(?:(?:you|him|her)\b|(?<name>\p{L}[\p{L}-]*(?: (?!${NAME_END_WORDS})\p{L}[\p{L}-]*)?)${NAME_ENDS})`;
// "your services", "Alex's services".
const OWNERS = String.raw`(?:your|his|her|(?<name>\p{L}[\p{L}-]*)'s)`;

// The visitor wanting something ("we'd like", "I'm keen", "interested in"); "would you like" and
// "do you need" ask about the owner, so "you" right before does not count.
const WANT = String.raw`(?<!\byou(?:'re)?\s*(?:(?:really|still|also|ever|even|actually|just)\s+)?)\b(?:(?:would|'d)\s+(?:really\s+)?(?:like|love)|want|wants|wanted|need|needs|looking|plan|planning|interested|keen|hoping|hope|ready|eager)\b`;

// A conversation with the owner, with the kinds visitors name ("a quick intro call", "a zoom chat").
const CALL_KIND = String.raw`(?:(?:quick|short|brief|free|intro(?:ductory)?|discovery|initial|first|phone|video|zoom|teams)\s+)*`;
const MEETING = String.raw`(?:call|meeting|consultation|chat|session|appointment|slot|time to talk|conversation)s?\b`;
// ... unless it is a product term: "a call center", "a meeting room", "chat history".
const NOT_PRODUCT = String.raw`(?!\s*(?:cent(?:er|re)|stack|graph|log|flow|option|room|note|minute|summar\w*|transcri\w*|bot|app|system|software|tool|integration|feature|api|management|booking|scheduler|scheduling|platform|widget|history|window|interface|assistant|agent|ai|analytics|data|support|service|ui|memory|storage|timeout|limit)s?\b)`;

// Hiring or engaging the owner, or asking whether they take on work.
const HIRE_PATTERNS = [
  pattern`\b(?:hire|hiring|engage|engaging|retain|contract|recruit|onboard|book)\s+${OWNER}`,
  pattern`${WANT}\s+(?:to\s+|in\s+)?(?:hire|hiring|engage|engaging|retain|book|booking|start(?:ing)? a project|work(?:ing)? together|(?:work|working|partner|partnering|collaborate|collaborating)\s+with)\b`,
  pattern`\b(?:work|working|partner|partnering|collaborate|collaborating|team up)\s+(?:together|with you)\b`,
  pattern`\b${OWNERS}\s+(?:services|help|expertise|support)\s+(?:for|on|with)\b`,
  pattern`\b(?:available|free|open)\s+(?:for|to)\s+(?:hire|a (?:new )?project|(?:new )?projects|work|freelance|a contract|an engagement|(?:a|an)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT})`,
  pattern`\b(?:taking|accepting)\s+(?:on\s+)?(?:any\s+)?new\s+(?:clients|projects|work|engagements)\b`,
  pattern`\b(?:help|support)\s+(?:us|me|our team)\s+(?:build|with|implement|design|create|develop|migrate|set up)\b`,
  pattern`\bhave\s+(?:a|an)\s+(?:project|opportunity|role|contract|engagement)\s+for\s+you\b`,
  pattern`\b(?:get|getting)\s+started\b`,
  pattern`\bnext steps?\b`,
];

// Asking for a call, a meeting or a consultation with the owner.
const MEETING_PATTERNS = [
  pattern`\b(?:book|schedule|set up|setup|arrange|organi[sz]e|plan|request|have|get|grab|do|hop on|jump on|get on)\s+(?:(?:a|an|the|some)\s+)?${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  pattern`${WANT}\s+(?:to\s+(?:have|get|book|schedule|set up|arrange)\s+|in\s+)?(?:a|an|some)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  // "hop on a zoom", "get on the phone": the tool stands for the call.
  pattern`\b(?:hop|jump|get)\s+on\s+(?:(?:a|an|the)\s+)?(?:quick\s+|short\s+)?(?:zoom|teams|google meet|phone|video)\b${NOT_PRODUCT}`,
  // A call named by its kind is asked for even without a verb: "Do you offer a free intro call?"
  pattern`\b(?:quick|short|brief|free|intro(?:ductory)?|discovery)\s+(?:call|chat|meeting)\b${NOT_PRODUCT}`,
  pattern`\b(?:phone|video|zoom|teams)\s+call\b${NOT_PRODUCT}`,
  // "How about a call on Friday?", "Is a quick chat possible?"
  pattern`\b(?:how|what) about\s+(?:a|an)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  pattern`\b(?:a|an)\s+${CALL_KIND}${MEETING}\s+(?:possible|an option)\b`,
  pattern`\bbook\s+(?:(?:me|us)\s+)?(?:a slot|a time|time|some time|in)\b`,
  pattern`\b(?:can|could|may|shall)\s+(?:i|we)\s+(?:call|phone|ring|meet|talk|speak|chat with|contact|reach|e-?mail)\b(?!\s+(?:your|the)\s+(?:ai|clone|bot))`,
  pattern`\b(?:call|phone|ring|meet)\s+(?:you|him|her)\b`,
  pattern`\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:the real\s+\p{L}+|a human|a (?:real )?person|someone|somebody|${OWNER})\s*(?:in person|directly|live|about|regarding|over|on|soon|$)`,
  pattern`\blet'?s\s+(?:talk|chat|meet|connect|discuss|do it|get started|set up|book|schedule|hop on|jump on)\b`,
  pattern`\bconsult(?:ation)?\s+(?:call|session|with you)\b`,
  pattern`\bdiscuss\s+(?:(?:a|my|our|the|this|your)\s+)?(?:project|engagement|opportunity|idea|needs|requirements|use case|contract)\b`,
];

// Asking what a project would cost: a quote, an estimate, a proposal.
const QUOTE_PATTERNS = [
  pattern`\b(?:get|need|want|like|send|give|request|receive|prepare|put together)(?:\s+(?:me|us|over))*\s+(?:a|an|your|some)\s+(?:(?:rough|ballpark|formal|written)\s+)?(?:quote|estimate|proposal|quotation|price|pricing|ballpark)\b`,
  pattern`\b(?:quote|estimate|proposal|quotation|price|ballpark)\s+for\s+(?:a|an|my|our|the|this)\b`,
  pattern`\bhow much\s+(?:would|will|might|does)\s+(?:it|this|that|a project|such a project|you)\s+(?:cost|charge|be)\b`,
  pattern`\bhow much\s+(?:would|will|do)\s+you\s+charge\s+(?:for|to|us|me)\b`,
  pattern`\bwhat\s+(?:would|will|might)\s+(?:it|this|that|(?:a|an|the|our|my)\s+(?:project|build|pilot|engagement|solution))\b[^?.]*\bcost\b`,
  pattern`\b(?:price|pricing|cost|budget)\s+(?:for|of)\s+(?:a|an|my|our|the|this)\s+(?:project|build|pilot|proof of concept|poc|assessment|engagement)\b`,
];

// Asking to be contacted, or how to contact the owner.
const CONTACT_PATTERNS = [
  pattern`\b(?:contact|reach(?:\s+out\s+to)?|call|phone|ring|e-?mail|text|message|ping|get back to|write to)\s+(?:me|us)\b`,
  pattern`\bgive\s+(?:me|us)\s+a\s+(?:call|ring)\b`,
  pattern`\b(?:contact|reach(?:\s+out\s+to)?|e-?mail|message|write to)\s+${OWNER}`,
  pattern`\bget\s+in\s+(?:touch|contact)\b`,
  pattern`\bhow\s+(?:do|can|could|should)\s+(?:i|we)\s+(?:best\s+)?(?:contact|e-?mail|get hold of)\b`,
  // "How do I reach you?", but not "How do I reach GDPR compliance?" or "How do I call the API?"
  pattern`\bhow\s+(?:do|can|could|should)\s+(?:i|we)\s+(?:best\s+)?(?:reach|call|hire|engage|book)(?:\s+${OWNER})?\s*$`,
  pattern`\b${OWNERS}\s+(?:e-?mail(?: address)?|phone(?: number)?|number|contact (?:details|info(?:rmation)?))\b`,
  pattern`\b(?:leave|send|give|share)\s+(?:you\s+)?(?:my|our)\s+(?:details|contact(?: details| info)?|number|phone number|e-?mail(?: address)?)\b`,
];

// Phrases that state an intent to hire, book, call, get a quote or make contact.
const INTENT_PATTERNS = [...HIRE_PATTERNS, ...MEETING_PATTERNS, ...QUOTE_PATTERNS, ...CONTACT_PATTERNS];

// Questions about the service rather than a request for it. An intent phrase inside one of these
// does not count: "Do you charge for the intro call?" asks about the call, it does not book one.
const ABOUT_THE_SERVICE = [
  // What the call itself costs or covers.
  pattern`\b(?:charge|charges|pay|cost|costs|price|fee|fees)\s+(?:for|of)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\b(?:the|a|an|your)\s+${CALL_KIND}${MEETING}\s+(?:cost|costs|free|paid|charged|billed|cover|covers|include|includes|involve|involves|look like|last|lasts)\b`,
  pattern`\bwhat happens\s+(?:on|in|during|after|before|at)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\bhow long\s+(?:is|are|does|do|will)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\bhow\s+(?:does|do|will)\s+(?:the|your)\s+(?:booking|scheduling)(?:\s+\w+)?\s+work\b`,
  // "Call" as software or telephony uses it: "call your API", "transcribe a Zoom call".
  pattern`\b(?:call|calls|calling)\s+(?:(?:your|the|an?|its|our|my|this|that|external|other)\s+)?(?:\w+\s+)?(?:apis?|endpoints?|functions?|methods?|tools?|models?|webhooks?|sdks?|llms?|services?|lambdas?|backends?)\b`,
  pattern`\b(?:handle|handles|handling|answer|answers|answering|transcribe|transcribes|transcribing|summari[sz]e|summari[sz]es|record|records|recording|route|routes|routing|analy[sz]e|analy[sz]es|automate|automates)\s+(?:\w+\s+){0,2}?(?:calls?|meetings?)\b`,
];

// Words that turn the intent that follows into its opposite ("I don't want a call").
const NEGATION =
  /\b(no|not|don'?t|doesn'?t|didn'?t|do not|never|without|won'?t|wouldn'?t|can'?t|cannot|rather not|no need|nobody|none|stop)\b/;
// "why don't we book a call" and "I don't mind a call" are invitations, not refusals.
const NOT_A_NEGATION =
  /\b(why (don'?t|not)|don'?t (mind|hesitate)|not (sure|yet sure)\b.*\bbut|no (problem|worries))\b/;

/**
 * True when the message asks to hire, book, call, get a quote or make contact; false on refusals.
 * `ownerName` (the profile's) is recognised however it is typed: "how do i contact alex".
 */
export function hasContactIntent(message: string, ownerName = ''): boolean {
  const original = message.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ');
  // Words that may name the owner: the owner's own names, and capitalised words (acronyms such as
  // AWS do not count), all lowercased.
  const names = new Set([
    ...ownerName.toLowerCase().split(/\s+/).filter(Boolean),
    ...Array.from(original.matchAll(/(?<!\p{L})\p{Lu}\p{Ll}[\p{L}-]*/gu), ([word]) => word.toLowerCase()),
  ]);
  // Clauses are judged one by one: "No, I'd like to book a call" and "not sure yet, but can we talk?"
  const clauses = original.toLowerCase().split(/[.!?;,]+|\bbut\b|\bhowever\b/);
  return clauses.some((clause) => clauseHasIntent(clause.trim(), names));
}

function clauseHasIntent(clause: string, names: ReadonlySet<string>): boolean {
  if (!clause) return false;
  const serviceQuestions = ABOUT_THE_SERVICE.flatMap((question) =>
    Array.from(clause.matchAll(question), (match) => ({
      start: match.index,
      end: match.index + match[0].length,
    })),
  );
  for (const intent of INTENT_PATTERNS) {
    for (const match of clause.matchAll(intent)) {
      const end = match.index + match[0].length;
      const name = match.groups?.name;
      if (name !== undefined && !name.split(' ').every((word) => names.has(word))) continue;
      if (serviceQuestions.some((question) => match.index < question.end && end > question.start)) continue;
      const before = clause.slice(0, end);
      const isNegated = NEGATION.test(before) && !NOT_A_NEGATION.test(before);
      if (!isNegated) return true;
    }
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
 * once per conversation as a nudge after the 4th visitor message, unless a contact request was
 * already made; never twice in a row without a new intent. A form an intent opened earlier does not
 * count as the nudge: the visitor may have closed it and still be glad of the reminder later.
 */
export function decideContactForm(state: ContactFormState): ContactFormDecision {
  if (state.hasIntent) return { shouldShowContactForm: true, isNudge: false };
  const mayNudge =
    !state.previousReplyShowedForm &&
    !state.wasNudged &&
    !state.hasContactRequest &&
    state.visitorMessageCount >= NUDGE_AFTER_VISITOR_MESSAGES;
  return { shouldShowContactForm: mayNudge, isNudge: mayNudge };
}
