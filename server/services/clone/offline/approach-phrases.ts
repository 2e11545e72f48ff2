import type { Phrase } from './visitor-phrases';

// How visitors ask about the way the owner works, its risks and its people, in words the content
// does not use ("going off the rails", "makes stuff up", "big corporations or small shops"), and
// the content's words for them. Everyday vocabulary, never this owner's project names.

export const APPROACH_PHRASES: Phrase[] = [
  // "How long have you been working for yourself?": the freelance years.
  [
    /\b(working|worked|been) for (yourself|urself)\b|\bself[- ]employed\b|(?<!\bbefore (you |u )?(had )?)\b(gone|went) (independent|freelance|solo)\b/,
    'independent consultant freelance 2018',
    true,
  ],
  // Framing that carries no topic: "in a sentence", "in a nutshell".
  [/\b(in )?(like )?(a|one|1) (sentence|line|word|nutshell)\b|\bin short\b|\bbriefly\b/, '', true],
  // Asides that set the tone, not the topic: "just curious, not ready to commit:".
  [
    /\b(just |purely )?(curious|out of curiosity)\b|\bnot ready to (commit|sign|buy|decide)( yet)?\b|\bbefore (we|i) (commit|sign|decide|buy|spend|go further|jump in|dive in)( to| on)?( anything| something)?( big| major| serious| long-term)?\b|\b(quick|random|silly|dumb) question\b|\bno pressure\b|\bfor (my|our) (own )?understanding\b/,
    '',
    true,
  ],
  [
    /\bwhere did (you|u) start( out)?\b|\bhow did (you|u) (get|got) started\b|\b(start|begin|beginning) of (your|ur) career\b|\bfirst job\b/,
    'career started developer',
    true,
  ],
  [
    /\b(actual |real |regular )?(employee|employed|salaried|permanent (job|role)|day job|full-time job)\b/,
    'career software engineer developer consultancy',
  ],
  [
    /\b(big|large|huge) (corporations?|corporates?|companies|enterprises|firms|clients)\b.{0,30}\b(or|vs\.?|versus)\b.{0,20}\b(small|smaller|tiny)\b|\b(small|smaller|tiny) (shops?|businesses|companies|firms|clients)\b.{0,30}\b(or|vs\.?|versus)\b.{0,20}\b(big|large|huge)\b|\bwho are (your|ur) clients\b|\bwhat (kind|size|type) of (clients|companies)\b/,
    'clients mid-size large enterprises smaller companies startups',
  ],
  // "How do you keep the cloud bill for an LLM app from blowing up?": designing for cost.
  [
    /\b(cloud|llm|ai|gpu|inference|compute|model|aws|azure|hosting|api|token) (bills?|costs?|spend(ing)?)\b.{0,40}\b(blow(s|ing)? up|explod\w*|spiral\w*|out of control|balloon\w*|skyrocket\w*|under control|in check)\b|\bkeep\b.{0,30}\b(cloud|llm|ai|gpu|inference|compute|running) (bills?|costs?|spend(ing)?) (down|low|under control|in check)\b/,
    'design for cost caching batching smaller models autoscaling',
    true,
  ],
  [
    /\boff the rails\b|\bderail\w*\b|\bgo(es|ing)? sideways\b|\bgo(es|ing)? wrong\b|\bslip(s|ping|page)?\b|\bblow(s|ing)? up\b|\bon track\b/,
    'two-week iterations demo status written decisions',
    true,
  ],
  [
    // "Is our data going to end up training some AI model?": what happens to the visitor's data.
    /\b(end up |be used (for |to )?|gonna be used (for |to )?)(train\w*|feed\w*) (some |an? |the |their |other )?([\w'’]+ )?(ai )?models?\b|\btrain(ed|ing)? (on|with) (our|my) (\w+ )?data\b/,
    'data stays environment no training privacy',
    true,
  ],
  [
    // "Have you come in, look over our AI ideas and tell us where to start": an assessment.
    /\b(look (over|at|through)|poke (around|at)|dig into) (in )?(our|my) (\w+ )?(ideas|plans|use cases|roadmap|options)\b|\btell (us|me) where to (start|begin)\b|\bgame plan\b/,
    'architecture assessment use cases',
    true,
  ],
  [
    /\b(fuzzy|vague|rough|unclear|no clear) (idea|notion|sense|plan)\b|\bwhere (would|do|should|could) (you|we|i) (even )?(start|begin)\b|\b(don't|do not|dont) know where to (start|begin)\b|(?<!\b(hire|hired|hiring|together|engag\w*)\b.*)\bfirst step\b(?!.*\b(hire|hired|hiring|work(ing)? together|engag\w*)\b)/,
    'business problem measurable goal assessment use cases',
    true,
  ],
  [
    /\bnot sure (of|about) (an |the )?answer\b|\bunsure\b|\bmake[s]? (stuff|things|answers) up\b|\bmakes? up\b|\bhallucinat\w*\b|\bmade[- ]up\b|\binvent(s|ing)? (answers|facts|things)\b|\bwrong answers?\b/,
    'unsure hands over human guardrails',
    true,
  ],
  [
    /\bpublic internet\b|\bair[- ]?gapped\b|\bon[- ]?prem\w*\b|\b(never|can't|cannot|must not|not allowed to) (leave|touch|go)\b|\bour own (network|data ?cent(er|re)|servers)\b/,
    'private networking self-host open-weights data stays environment',
    true,
  ],
  [
    /\b(see|seeing|access|accessing|read|reading|open) (files|documents|data|things)\b.{0,40}\b(supposed|allowed|permitted|shouldn't|should not)\b|\b(weren't|were not|aren't|are not|isn't|not) (supposed|allowed|permitted) to (see|access|read)\b|\bwho can see what\b/,
    'permissions access',
    true,
  ],
  [
    /\b(actually )?do (things|stuff|actions|work) in (our|your|the) (systems?|tools|apps?)\b|\btake actions?\b|\bjust chat\b/,
    'agents call business systems tools',
    true,
  ],
  // "Tell me about yourself": who the owner is, not a sentence that happens to say "you".
  [
    /\b(tell me|talk|say something) (a bit |a little |more )?about (yourself|you)\b|\bintroduce yourself\b|\babout yourself\b/,
    'who i am freelance solutions architect based',
    true,
  ],
  [
    /\bwhat makes (you|u) (different|special|unique|stand out)\b|\bwhy (should (we|i) )?(choose|hire|pick|go with) (you|u)\b|\bdifferent from (other|the other|most) \w+\b|\bsets? (you|u) apart\b/,
    'how i like to work business problem measurable goal increments honest',
    true,
  ],
  // References are the case studies, whose client names stay confidential.
  [
    /\b(client )?(references?|testimonials?|referrals?)\b/,
    'client names confidential real work permission',
    true,
  ],
  // Comparing two named things asks for both: "the difference between Professional and Enterprise".
  [/\b(what('s| is) the )?difference between\b|\bcompared? (to|with)\b|\bvs\.?(?= )|\bversus\b/, '', true],
  [
    /\b(job )?tit(le|el)\b|\bwhat('s| is) (your|ur) (official )?(role|position)\b/,
    'solutions architect freelance',
  ],
  [
    /\bwhat (do |does )?(you|u|alex) (actually |really )?do (all )?day[- ]to[- ]day\b|\b(your|ur) day[- ]to[- ]day( work)?\b|\bdaily (work|job)\b|\ba typical (work ?)?day\b/,
    'usually means designing building assistants agents',
    true,
  ],
  [/\b(on a )?day[- ]to[- ]day( basis)?\b/, '', true],
  [
    /\bhands[- ]on\b|\bbuild (things|stuff|it) (yourself|your ?self)\b|\b(write|still write|still) cod(e|ing)\b(?!,? in\b)|\bdraw(ing)? diagrams\b|\bivory tower\b|\bpowerpoint\b/,
    'hands-on write code review pull requests',
  ],
  [
    /\bnotice (anything|any problems?)\b|\b(anything|something) go(ing|es)? wrong\b|\boutages?\b|\bdowntime\b|\bdisruptions?\b/,
    'incidents customer-facing',
  ],
  [
    // Not "do I get my money back if it doesn't work out?": refunds are another question.
    /^(?!.*\b(money back|refunds?)\b).*?\b((a )?dud|(doesn't|does not|didn't|won't) (work out|pan out|work)|turns? out (badly|to be (a )?(bad|dud|failure)|not (to be )?good enough)|flops?|not (feasible|viable)|(doesn't|does not|didn't|won't|fails? to) (hit|meet|reach) (its|the|our|their) (target|goal|bar|numbers)|falls? short|(should|shouldn't|should not|must not) (move|go) (in)?to production|pull the plug|kill (a|the) (use case|project|pilot))\b/,
    'does not reach its target say so early',
    true,
  ],
  [
    /\b(our|your) own (cloud|cloud account|aws account|azure (subscription|tenant)|tenant|vpc)\b|\binside our (cloud|account|vpc|tenant)\b/,
    'private environment stays your data',
    true,
  ],
  [
    /\bclick\w* (things |it |stuff )?(together|around)\b|\b(cloud|aws|azure) console\b|\bby hand\b|\bmanually\b|\b(all )?scripted\b/,
    'infrastructure as code terraform',
    true,
  ],
  [
    /\b(normal|classic|classical|traditional|regular|plain|old[- ]school) (ml|machine[- ]learning)\b|\bnon[- ](llm|genai|generative)\b/,
    'classic machine-learning systems fraud forecasting',
    true,
  ],
  // The site's own clone: how fast it answers.
  [
    /\bhow long (does|do|will) (the |this )?(bot|clone|assistant|chat|it|you) (take )?to (reply|answer|respond)\b|\b(bot|clone|assistant|chat|it) (take|takes) to (reply|answer|respond)\b|\bhow (fast|quickly) (does|do|will) (the |this )?(bot|clone|assistant|chat|it) (reply|answer|respond)\b/,
    'ai clone answer about seconds',
    true,
  ],
];
