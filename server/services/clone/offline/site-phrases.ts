import type { Phrase } from './visitor-phrases';

// How visitors ask about the site's own offer (voice plans, booking a call, saving the chat) and
// the words the site's generated document uses for it. Read before the phrases about the work.

/** A question about how long a call lasts or may last. */
const CALL_LENGTH =
  '\\bhow long\\b.{0,40}\\bcalls?\\b|\\bcalls?\\b.{0,40}\\bhow long\\b|\\b(cap|limit|max\\w*)\\b.{0,30}\\b(long|length|duration)\\b|\\b(call|session) (length|duration)\\b|\\bmax(imum)? (call|length)\\b|\\b(long|length|duration) of (a|the|each|one) (single )?(voice )?call\\b';
/** "How long until you confirm my call request" asks how long the wait is, not the call. */
const NOT_WAITING =
  '(?!.*\\b(confirm\\w*|hear back|repl\\w*|respon\\w*|answer\\w*|get(s|ting)? back|wait\\w*)\\b)';
/** "How long can I stay on": only a call in progress (the clone's voice call) is stayed on. */
const STAY_LENGTH = '\\bhow long (can|may|could) (i|we) (stay|talk|be|remain|speak)\\b';

export const SITE_PHRASES: Phrase[] = [
  // "Your winter break this year": the break by its name, as the days-off list names it.
  [
    /\b(winter|summer|spring|christmas|year-end) (break|vacation|holidays?)( this year| next year)?\b/,
    '$1 break holidays',
    true,
  ],
  // Holidays and time off are the days-off list, not availability for projects.
  [
    /\b((which|what) days?\b.{0,30}\b(off|closed|away)|(days? off|holidays?|vacations?)( (this|next|coming|in the) (year|month|season|summer|winter))?|time off|out of (the )?office|(are|r) (you|u) (off|closed|away)|(are|r) (you|u) working (on|over|for|during|in|at) (the )?(holidays?|christmas|weekends?|\w+ day)|(take|taking) (off|a break)|break over)\b/,
    'days off holidays',
    true,
  ],
  [
    /\b(christmas|xmas|new year'?s?( eve| day)?|festive season|end of (the )?year)\b/,
    'december january winter break days off',
  ],
  [
    /\b(what|which) (info|information|details|data|fields|personal details)\b.{0,50}\b(give|provide|need|share|enter|fill|leave|ask)\w*\b|\bwhat (do|does) (the|your) (booking |contact )?form ask\b/,
    'leave name phone number e-mail booking',
    true,
  ],
  [
    /\bno (minute )?limits?\b|\bno cap\b|\bas (much|long) as (i|we) (want|like)\b/,
    'unlimited voice minutes plan',
  ],
  [/\bone[- ]off\b|\bkeep charging\b|\brecurring\b|\bauto[- ]?renew\w*\b/, 'renews month cancel plan'],
  // How long a call lasts depends on which call: a call booked with the owner is a slot, a voice
  // call with the clone has a cap; a question that does not say which gets both.
  [
    new RegExp(`^${NOT_WAITING}(?=.*\\b(book\\w*|schedul\\w*|phone call)\\b)(?=.*(${CALL_LENGTH})).*$`),
    'booking phone call one-hour slot',
    true,
  ],
  [
    new RegExp(
      `^(?=.*\\b(voice|clone|this call|these calls|talk(ing)? to (it|the clone))\\b)(?=.*(${CALL_LENGTH}|${STAY_LENGTH})).*$`,
    ),
    'single voice call clone lasts minutes',
    true,
  ],
  [new RegExp(STAY_LENGTH), 'single voice call clone lasts minutes', true],
  // The intro call the knowledge files describe has its own length there.
  [
    new RegExp(`^${NOT_WAITING}(?!.*\\b(intro\\w*|discovery)\\b)(?=.*(${CALL_LENGTH})).*$`),
    'single voice call lasts minutes booked phone call one-hour slot',
    true,
  ],
  [
    /\b(have to|need to|must (i|we)) pay\b|\bis (it|this|that|booking|the call|a call) free\b|\bfree of charge\b|\bcost anything\b/,
    'free',
  ],
  [/\b(saturdays?|sundays?|weekends?)\b/, 'weekdays'],
  [
    /\b(see|read|reads|answer|answers|handle|handles)\b.{0,30}\b(request|message|form)s?\b|\b(request|message)s?\b.{0,40}\b(see|read|reach)\b/,
    'reads contact request personally',
  ],
  [
    /\b(monthly|professional|enterprise) (plan|tier|subscription)\b|\bwith (professional|enterprise)\b/,
    'voice plans minutes',
  ],
  [
    /\bnone of (the|those|these|your)\b.{0,25}\b(times|slots|hours)\b|\b(times?|slots?|hours)\b.{0,15}\b(don't|do not|doesn't|won't) (suit|fit|work)\b/,
    'none fits write time suits slot',
    true,
  ],
  // "Once I send the booking request, is the time locked in?": whether a request is confirmed.
  [
    /\b(request|booking|slot|time|call)\b.{0,40}\b(locked in|confirmed|final|guaranteed|set in stone|reserved)\b|\b(locked in|confirmed|guaranteed|reserved) (right away|immediately|at once|straight away|automatically)\b/,
    'confirm every request personally business day',
    true,
  ],
  // "Where does this chatbot get its answers from?": what the clone answers from.
  [
    /\b(where|how) (does|do) (this|the|your) (chat ?bot|bot|clone|assistant|ai|chat)\b.{0,20}\b(get|find|take|pull|know)\b.{0,20}\b(answers?|info\w*|knowledge|facts|data)?\b|\b(what|which) (data|sources?|information|info|knowledge) (does|do|is) (this|the|your) (chat ?bot|bot|clone|assistant|ai)\b/,
    'ai clone answers as me profile',
    true,
  ],
  [
    /\block(ed)? in\b|\bcancel\w*\b|\bget out of\b|\bcommitment\b|\bminimum term\b|\bone[- ]time (payment|fee|purchase|charge)\b|\brecurring\b|\bauto-?renew\w*\b/,
    'cancel renews month plan',
  ],
  [
    /\bhow (do|can|would) (i|we) pay\b|\bpayment method\b|\bpay for the (plan|subscription)\b|\bcredit card\b/,
    'card checkout subscribe plan',
    true,
  ],
  [/\b(pay|cost|charge|free)\b.{0,30}\b(chat|chatting|keep talking|this chat)\w*\b/, 'chatting free', true],
  [
    /\bnone of the (offered |available )?(times|slots)\b|\b(times?|slots?|hours) (don't|do not|doesn't) (suit|fit|work)\b|\bdifferent time ?zone\b/,
    'none fits write time suits slot',
    true,
  ],
  [
    /\b(booking|contact) form\b.{0,30}\b(ask|need|require|want)\w*\b|\bwhat (details|information|info) do (you|i) need\b/,
    'name phone e-mail booking slot',
    true,
  ],
  [
    /\bout loud\b|\bby voice\b|\b(speak|talk) (to|with) (your|the) (clone|ai|bot)\b|\bvoice (chat|option)\b|\b(hate|instead of) typing\b/,
    'voice calls clone talk monthly plan',
  ],
  [
    /\b(cheapest|least expensive|lowest|basic|entry[- ]level|smallest) (plan|tier|option|subscription)\b/,
    'voice plans monthly price',
    true,
  ],
  [
    /\b(save|export|download|keep|copy|print|record)\b.{0,30}\b(conversation|chat|transcript|discuss\w*|talked about|said)\b/,
    'export conversation saving',
  ],
  [
    // "How far ahead can I book?" is the booking window; "how far out are you booked?" the owner's.
    /\bhow far (ahead|in advance|out)\b(?! (are|r) (you|u) (booked|busy))|\b(which|what) days?\b|\bweekends?\b.{0,20}\bcall\b/,
    'next weekdays booking slot',
    true,
  ],
  [/\bpay(ment)?s?\b|\binvoic\w*\b|\bnet ?30\b/, 'invoices due billed'],
  [
    /\bvoice (calls?|plans?|feature|clone)\b|\btalk to (your|the) (ai|clone) by voice\b|\bsubscri\w+\b|\bminutes\b/,
    'voice plans minutes month',
  ],
  [
    /\bbook(ing)? (a )?(call|slot|meeting)\b|\bschedul\w+ (a )?(call|meeting)\b|\bhow (do|can) i book\b/,
    'booking call slot weekdays',
  ],
  [
    /\b(are|r) (you|u) (a |an )?(real|human|bot|robot|ai|person)\b|\b(is (this|it)|am i (talking|chatting|speaking) (to|with))\b.{0,30}\b(ai|bot|robot|human|person|clone|typing)\b|\bwho('s| is) (typing|writing|answering)\b|\bsome (kind|sort) of (ai|bot)\b/,
    'ai clone real',
  ],
  [
    /\b(talk|speak|chat) (to|with) (the )?(real|actual|human|person|live)\b|\b(a |the )?(real|actual) (person|human|you)\b/,
    'real person talk call',
  ],
  // "Where do I go to ask for a callback?": the booking form.
  [/\bcall ?backs?\b|\bcall me back\b/, 'booking schedule call button', true],
];
