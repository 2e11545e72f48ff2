import { APPROACH_PHRASES } from './approach-phrases';
import { IDIOM_PHRASES } from './idiom-phrases';
import { EVERYDAY_PHRASES } from './everyday-phrases';
import { SITE_PHRASES } from './site-phrases';

// Visitors' idioms and the words the content uses for them (shorthand is in shorthand.ts).
// Everyday vocabulary of the trade, never this owner's project names, so other content works
// unchanged.

/**
 * A phrase whose meaning its words alone do not carry, and the content's words for it. Most add
 * their words; idioms whose own words would mislead the search ("in this game", "set me back") are
 * replaced by them (`true`); words with "$1" rewrite the phrase in place. The first match of a
 * replaced phrase consumes its text, so order matters.
 */
export type Phrase = [RegExp, string, boolean?];

/** The phrases about the owner's work; the site's own offer has its own table (site-phrases.ts). */
const WORK_PHRASES: Phrase[] = [
  // A book to read is not a booking.
  [/\b(favou?rite|best|good|last|reading|recommended?|a)( \w+)? (books?|novels?)\b/, 'novel fiction', true],
  [
    /\btravel\b.{0,30}\b(paid|pays?|billed|charged|cost|costs|expenses?)\b|\b(pay|charge|bill)\w* for (the )?travel\b|\btravel (costs?|expenses?)\b/,
    'travel billed cost',
  ],
  [
    /\bbuil[dt] (it|that|this) on\b|\b(was|is|were) (it|that|this|they) (built|running|hosted|deployed) on\b|\bon what (platform|stack)\b|\btech(nology)?[- ]?wise\b|\bwhat tech\b/,
    'stack',
  ],
  [
    /\bhow many (people|participants|attendees|seats|engineers)\b.{0,25}\b(join|attend|come|participate|cover|take part|take|fit|accommodate|handle|have|train|teach)\b|\bgroup size\b|\bmax(imum)? (participants|attendees)\b|\bhow many (people|participants|attendees|seats|engineers)( can| could)?( come| join| attend)? (max|maximum|at most|tops)\b|\bmax(imum)? (number of )?(people|participants|attendees)\b|\bfor how many (people|participants|attendees|seats)\b/,
    'participants workshops',
    true,
  ],
  // "Which LLMs do you use?" asks for the names; an LLM mentioned in passing is only the topic.
  [
    /\b(which|what|favou?rite|preferred)( \w+)? (llms?|(large )?languages? models?|models? (de )?languages?)\b|\b(llms?|models|(large )?languages? models?|models? (de )?languages?) (do you |you )?(\w+ )?(use|using|work with|prefer)\b/,
    'llm models openai claude llama',
    true,
  ],
  // "Since when have you worked on large language models?": the topic, not spoken languages.
  [/\b(large )?languages? models?\b|\bmodels? (de )?languages?\b/, 'llm large model', true],
  [/\bllms?\b/, 'model', true],
  [
    /\bwhen (can|could|would) you (realistically )?(be able to )?(start|begin|get going|kick off)\b|\b(soonest|earliest)\b.{0,40}\b(start|begin|kick(ed)? off|get going)\b/,
    'availability start weeks',
  ],
  [
    /\b(married|locked|tied) to (a |one )?(single )?(llm |model |ai )?(vendor|provider)s?\b|\block-in\b|\bsingle (llm |model |ai )?(vendor|provider)\b|\bswitch (models|vendors|providers)\b|\bstuck with\b|\ba better model\b/,
    'model swapped later switching',
    true,
  ],
  [
    /\bonly you\b|\bjust you\b|\bother (folks|people|engineers)\b|\bpulled in\b/,
    'alone team specialists larger projects',
  ],
  // How fast the clone itself answers, not the owner's e-mail.
  [
    /\b(how (fast|quickly)|speed)\b.{0,30}\b(this|the|your) (chat ?|ai ?)?(clone|bot|chatbot|chat|assistant)( (responds?|replies|reply|answers?))?\b/,
    'ai clone answer seconds',
    true,
  ],
  [
    /\bget back\b|\bhow fast (do|will|would) (you|u) (answer|reply|respond)\b/,
    'response respond business day',
  ],
  [
    /\bend of (a|the) project\b|\bdepend(ing|ent)? on you\b|\bafter the project\b/,
    'handover documentation runbooks pairing team run',
  ],
  [
    /\bmanag(e|ed|ing) (engineering |dev |development )?teams?\b|\blead(ing)? (engineering )?teams?\b|\bteam lead\b|\bhow big were (they|the teams)\b/,
    'led teams engineers tech lead',
  ],
  [
    /\bhands[- ]on\b|\bget (your|my) hands dirty\b|\bslide[- ]?decks?\b|\bcode yourself\b|\bdo you (still )?(write code|code)\b(?! in\b)/,
    'hands-on write code review pull requests',
    true,
  ],
  [
    /\b(ask|answer)\w* questions\b.{0,40}\b(documents?|manuals?|pdfs?|reports?|files)\b|\b(documents?|manuals?|pdfs?)\b.{0,60}\b(ask|answer)\w* (questions|them)\b|\bchat with (our|my) (documents|docs|data)\b/,
    'retrieval-augmented generation rag documents assistants',
  ],
  [
    /\bhow (do|would|can|will) (you|we|i) (know|tell|check|prove|verify|see) (if|whether|that) (it|an? [\w -]{0,30}|the [\w -]{0,30})\b.{0,30}\b(works?|working|succeed\w*|pays off)\b/,
    'measure whether works evaluation goals',
    true,
  ],
  [
    /\bhow often\b.{0,40}\b(see|get|show|hear)\b.{0,20}\b(progress|updates?|results|demos?|status)\b|\b(progress|status) (updates?|reports?)\b/,
    'every two weeks demo status iterations',
    true,
  ],
  [
    /\bopen[- ]source (ai )?(models?|llms?|weights)\b|\bself[- ]host\w*\b|\bour own (gpus?|servers|hardware|infrastructure)\b/,
    'open-weights self-hosted models gpus privacy',
  ],
  [
    /\bwhere (are|r) (you|u) (calling|writing|talking|speaking|joining|working|typing)( (us|me))? from\b/,
    'based',
    true,
  ],
  [
    /\bon[- ]?site\b|\bin person\b|\bcome (to|visit) (us|our)\b|\bvisit (us|our (office|team|site))\b/,
    'travel on site',
  ],
  [/\bvector (db|database|store|search)s?\b/, 'retrieval pgvector search', true],
  // "What do you typically use as…" asks for the tools.
  [
    /\bwhat (do|would|did) (you|u) (typically |usually |normally |generally )?(use|pick|go with|reach for)\b/,
    'tools',
  ],
  [
    /\b(run|set) (us|me) back\b|\bwhat (would|will|does|might) (that|it|this|something like (that|this)|(an?|the|your) [\w -]{2,40}?) run (us|me)\b|\bwhat (would|will|does|might) (that|it|this) run\b(?! on)/,
    'rates price cost',
    true,
  ],
  [
    /\bby how much\b|\bhow much did\b|\b(fall|fell|drop|dropped|decrease|reduc|cut|improv|grow|grew|rise|rose)\w* by\b/,
    'outcome',
  ],
  // "How does a collaboration with you start?": the first steps, not when a project can start.
  [
    /\bhow (does|do|would|will) (an? |the |our |your )?(collaboration|engagement|partnership|working relationship|working together|work(ing)? with you)( with (you|alex))? (usually |typically )?(start|begin|kick off|get started)\b/,
    'ways work together intro call discovery',
    true,
  ],
  [
    /\b(steps|stages|phases) of (an?|the|your) (engagement|project)\b|\bhow (does|do) (an? |the |your )?(engagement|project)s? (usually |typically )?(work|run|go|look)\b/,
    'ways work together discovery delivery iterations',
    true,
  ],
  [
    /\bwhen (you're|you are) not (working|at work)\b|\b(after|off|outside of) work\b|\bup to (on|at) (the )?weekends?\b|\bdowntime\b|\bfor fun\b/,
    'outside work sail hike',
    true,
  ],
  [
    // "How did you get into software?", not "before we get into the details".
    /\b(get|got|getting) into (this|it|software|tech\w*|ai|the (field|business|industry)|coding|programming|consulting|freelanc\w*)\b|\bhow did you (start|begin|get started)\b|\bfirst (job|role)\b|\bway back\b|\bstarted out\b/,
    'career timeline 2006 software engineer',
    true,
  ],
  [
    /\b(biggest|largest|best|most impressive|proudest) (cut|cuts|savings?|wins?|results?|impact|improvements?|reductions?)\b|\bpull(ed)? off\b/,
    'outcome fell saved',
  ],
  [/\bnumbers\b|\bmetrics\b|\bkpis?\b|\bhow did (it|that) go\b/, 'outcome'],
  [
    /\b(only|all|just) (do )?(chatbots?|llms?|gen ?ai|generative ai|ai)\b|\b(normal|regular|classic|traditional|plain|non-ai|boring) (old )?(software|dev|development|backend|work|projects)\b/,
    'only generative ai enterprise software integrations',
    true,
  ],
  [/\b(?:in|from) the (\w+) (?:world|space|sector|industry|field|area)\b/, ' $1 ', true],
  [
    /\b(through|via|under) (which|what) (company|entity|business|firm)\b|\b(which|what) (company|entity|legal entity)\b/,
    'company llc contract',
    true,
  ],
  [
    /\b(typical|usual) (engagement|project|process)\b|\bfrom start to finish\b|\bhow (do|does) (you|an engagement|a project) (usually )?(work|run|go)\b|\byour process\b/,
    'ways work together discovery delivery iterations',
    true,
  ],
  [
    /\bmaster'?s( degree)?\b(?! services)|\bbachelor'?s\b|\bphd\b|\bdoctorate\b|\bdegrees?\b|\b(go|went|been) to (college|university|school|uni)\b|\b(which|what) (college|university|school|uni)\b/,
    'education university degree',
    true,
  ],
  [/\bhow much (faster|quicker|better|more|less|time did|did (it|that|they) save)\b/, 'outcome', true],
  [
    /\bpick (your|his|her) brain\b|\badvice\b|\b(a )?couple of hours\b|\bquick question or two\b/,
    'hourly advisory',
  ],
  [
    /\bwhat (is it|exactly)? ?(that )?((do|does) )?(you|u|alex|he|she) (actually |really )?(do|does)\b(?! (about|with|for|when|if|to)\b)|\bwhat('s| is) (your|alex's|his|her) (job|role|line of work)\b(?! title)|\bin a sentence\b/,
    'what i do today help companies generative ai title',
    true,
  ],
  [
    /\bmost (people|popular|common|folks|clients)\b|\bpopular\b|\bpeople (usually )?(pick|choose)\b/,
    'most popular',
  ],
  [
    /\b(anything|something|money|percent|%) off\b|\bget (a )?(deal|discount|break)\b/,
    'discount startups non-profits',
  ],
  [
    /\bphysically\b|\bshow up\b|\b(come|travel) to (our|your|the) (office|site)\b|\bin person\b|\bvideo calls?\b/,
    'travel on site remote',
  ],
  [
    /\bmaintain\b|\bafter you leave\b|\bwhen you leave\b|\bleave behind\b|\bhand ?over\b|\bwraps? up\b|\bown (it|the system)\b/,
    'handover documentation runbooks pairing team run',
  ],
  [
    /\b(too big|larger|bigger) (for|than) (one|a single|you alone)\b|\bsingle pair of hands\b|\bone person\b/,
    'alone team specialists larger projects',
  ],
  [
    /\beurop\w*\b|\binternational\b|\babroad\b|\boverseas\b|\b(outside|beyond) (of )?(the )?(us|u\.s\.|usa|states|united states|america)\b/,
    'clients europe remote',
  ],
  [/\bper (hour|hr)\b|\bby the hour\b|\btime (and|&) materials?\b|\bt&m\b/, 'hourly rates'],
  [/\bper project\b|\bfixed[- ]price\b/, 'fixed price quote'],
  [
    /\blegal entity\b|\bwho (do|would|will) we (contract|sign) with\b|\bsign the contract with\b|\bname of (your|the) (company|business|firm)\b|\bcompany name\b|\bname\b.{0,25}\b(company|business|firm)\b/,
    'company llc contract',
    true,
  ],
  [/\bcode in\b|\bprogram(ming)? in\b|\bwrite code\b|\bprogramming\b/, 'programming languages'],
  [/\b(cost|costs|price|prices|pricing|charge|charges|fee|fees)\b/, 'rates price'],
  [
    /\bhow much (time|capacity|bandwidth|availability)\b|\bhours (a|per) week\b|\bhow (busy|booked)\b/,
    'availability capacity hours week',
    true,
  ],
  [
    /\bhow (fast|quickly|soon) (can|could|would|do|will) you (deliver|build|ship|finish|get)\b|\bfrom kick-?off to go-?live\b|\bgo-?live\b/,
    'long take weeks months production',
    true,
  ],
  [
    // "How many enterprise projects…": a word or two may say what kind ("other clients" right now
    // is the workload, not the track record).
    /\bhow many ((enterprise|ai|genai|gen ai|ml|llm|rag|big|large|major|successful|real|production|client|customer|software|consulting) ){0,2}(proj\w*|solutions|clients|systems)\b|\btrack record\b/,
    'delivered enterprise solutions track record',
  ],
  [
    /\bprice break\b|\bcheaper\b|\breduced (price|rate)\b|\bspecial (price|rate|deal)\b|\bmates rates\b/,
    'discount',
    true,
  ],
  [
    /\byoung compan\w*\b|\bseed( round)?\b|\bearly[- ]stage\b|\bsmall compan\w*\b|\bbootstrapped\b|\bcharit(y|ies)\b/,
    'startups non-profits discount',
  ],
  [
    /\byourself\b|\bother people\b|\bbring (in )?(other|more) (people|folks|engineers)\b/,
    'alone team specialists',
    true,
  ],
  [/\bcloud (providers?|platforms?|vendors?)\b|\bhyperscalers?\b/, 'aws azure cloud'],
  [
    // Not "teaching or mentoring younger people": the owner's mentoring outside work.
    /(?<!\b(?:mentor\w*|giv(?:e|ing) back|volunteer\w*)\b.*)(?:\bup to speed\b|\btrain(ing)?\b|\bteach\w*\b|\bupskill\w*\b|\bcoach\w*\b|\beducate (my|our)\b)(?!.*\b(?:mentor\w*|giv(?:e|ing) back|volunteer\w*)\b)/,
    'workshops training team',
    true,
  ],
  [
    /\bbefore (((you went|going|becoming|you became) (independent|freelance|solo|out on your own))|freelanc\w*|independen\w*)\b|\bbefore (you went|becoming|you became)\b(?! (live|into production|to production))|\bprevious (jobs?|roles?|employers?)\b|\bwork history\b|(?<!\b(in|over|during|across|throughout) (your|ur|his|the) )\bcareer\b(?! (start|began|begin))/,
    'career timeline engineer architect consultancy',
    true,
  ],
  // "When did your career start?": its first line.
  [/\bcareer (start|began|begin)\w*\b/, 'career started', true],
  [
    /\bcall home\b|\bpart of the world\b|\bwhere in the (world|us|country)\b|\bhome base\b/,
    'based location',
    true,
  ],
  [/\bset (me|us) back\b|\ban hour of your time\b/, 'hourly rates'],
  [
    /\b(does|do|did) (its|their|the) job\b|\bhow do (you|we) know (it|if|whether|that)\b|\bactually works?\b/,
    'measure works evaluation goals',
  ],
  // "How did you know the drafts were any good before going live?": how the work was tested.
  [
    /\bhow (did|do|would|could) (you|they|we) (know|tell|check|make sure|verify|test|prove)\b.{0,50}\b(any good|good enough|right|accurate|correct|reliable|safe|ready)\b/,
    'evaluation harness evaluate tested',
  ],
  [
    /\baccura\w*\b|\bprecis\w*\b|\berror rate\b|\bhow (good|well) (was|did|is)\b/,
    'correct precision outcome',
  ],
];

export const PHRASES: Phrase[] = [
  ...SITE_PHRASES,
  ...APPROACH_PHRASES,
  ...IDIOM_PHRASES,
  ...WORK_PHRASES,
  ...EVERYDAY_PHRASES,
];
