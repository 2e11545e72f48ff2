import type { Phrase } from './visitor-phrases';

// Idioms visitors use for the owner's work that fresh question sets kept bringing ("the time
// difference", "stuck after you leave", "the ChatGPT bandwagon"), and the content's words for
// them. Read after the site's and the approach's phrases, before the other phrases about the work.

export const IDIOM_PHRASES: Phrase[] = [
  // "Is the time difference going to be a pain?": the owner's zone and the hours it overlaps.
  [
    /\btime[- ]?(zone )?differences?\b|\bdifferent time ?zones?\b|\b(hours?|time) (apart|behind|ahead)\b/,
    'time zone eastern overlap european mornings west coast',
    true,
  ],
  // "Could you hop on a plane and come to our office?": travel on site.
  [
    /\b(hop on|get on|jump on) a (plane|flight|train)\b|\b(come|fly|travel|visit)\w* (out )?(to )?(our|us at|the) (office|site|offices|premises|hq|headquarters)\b/,
    'travel on site kick-off workshops milestones',
    true,
  ],
  // "When you walk away, is my team stuck?", "can my team take over whatever you build?"
  [
    /\bwhen you walk away\b|\bstuck (with|calling) you\b|\btake over (whatever|what|everything|the system|the thing) (you|we)\b|\bdepend(ent)? on you (forever|for ever|for everything)\b/,
    'handover documentation runbooks pairing sessions',
    true,
  ],
  // "How often do I get to see something working, not just slides?": the two-week demos.
  [
    /\bhow often (do|will|would|can) (i|we) (actually )?(get to )?(see|get)\b|\bsee (something|anything|progress|results|working software) (working|regularly|often)?\b|\bprogress regularly\b/,
    'working software every two weeks demo status',
  ],
  // "Are you a GPT-only kind of person?": the models the owner works with.
  [
    /\b(gpt|openai|chatgpt)[- ]only\b|\bonly (use |work with )?(gpt|openai|chatgpt)\b|\bother (llms|models|vendors|providers)\b/,
    'models anthropic claude open-weights llama mistral bedrock',
    true,
  ],
  // "We're a tiny outfit, not some Fortune 500: would you bother with us?"
  [
    /\b(tiny|small|little|two-person|three-person|scrappy) (outfit|shop|company|business|team|startup|firm)\b|\bnot (some|a) fortune 500\b|\bsmall fry\b|\bbother with (us|a company like ours)\b/,
    'startups smaller companies',
    true,
  ],
  // "Got any war stories about getting a bank off COBOL?": a project told.
  [/\bwar stor(y|ies)\b/, 'project outcome', true],
  // "What's the ballpark damage?": the price.
  [/\bthe damage\b|\bdamage (be|look like)\b/, 'cost price', true],
  // "Get a prototype off the ground": a proof of concept.
  [/\bprototypes?\b|\bmvps?\b/, 'proof of concept pilot', true],
  // "We just want to try out an idea first, before committing big money": a proof of concept.
  [
    /\b(try|test|trial)( out)? (an|the|our|a|one) (idea|concept|hunch)\b|\bbefore (committing|spending|investing) (big|serious|real|a lot of|much) (money|budget|cash)\b|\btest the waters\b/,
    'proof of concept pilot',
    true,
  ],
  // "How long until we'd have something real running that people use every day, not just a demo?"
  [
    /\bsomething (real|live) (running|in production|people use)\b|\b(people|staff|users|teams?) (actually )?(use|rely on) (it )?every ?day\b|\bnot just a demo\b/,
    'production system',
    true,
  ],
  // "Something that lives inside Microsoft Teams": an assistant built into it.
  [
    /\b(lives?|living|runs?|sits?) (inside|in|within) (microsoft )?(teams|slack|sharepoint|outlook)\b/,
    'assistant microsoft teams',
    true,
  ],
  // "Get out from behind the screen", "not buried in code": time off work.
  [
    /\b(get out from|away from) behind (the|a|your) (screen|desk|keyboard)\b|\bnot buried in (code|work)\b|\bwhen (you're|you are) not (buried in|writing|at) (code|work|the keyboard)\b/,
    'outside work sail hike',
    true,
  ],
  // "After you're gone, are our devs stuck?": the handover.
  [
    /\bafter (you'?re|you are|you have|you've) (gone|left|moved on)\b|\b(after|once|when) you (leave|go|move on)\b|\bwithout you\b/,
    'handover documentation runbooks pairing sessions',
    true,
  ],
  // "How big of an outfit was that insurer?": the client's size.
  [
    /\bhow (big|large) (of )?(an? )?(outfit|company|firm|organi[sz]ation|client|customer|business|shop|insurer|bank|team)\b|\bhow (big|large) (was|were|is|are) (they|the client|that (client|company|insurer|bank))\b/,
    'client employees',
  ],
  // "Did it flag the right clauses, or was it mostly noise?": how accurate it was.
  [
    /\b(flag|find|catch|pick|get|spot)\w* the right\b|\bmostly noise\b|\bfalse (positives|alarms)\b|\bhow (accurate|precise|reliable)\b/,
    'precision accuracy correct outcome',
  ],
  // "Have you built traditional machine learning, not just LLM stuff?"
  [
    /\b(have|did|do) you (ever )?(build|built|do|done|work on|worked on) (any )?(traditional|classic|classical|regular|normal|old-school|conventional|non-llm|non-genai) (machine learning|ml|ai|models?)\b|\b(traditional|classic|classical|old-school|conventional) (machine learning|ml)\b/,
    'classic machine-learning systems fraud detection forecasting',
    true,
  ],
  // "Which compliance reviews have your projects passed?": the reviews, not the projects.
  [
    /\b(which|what|any)\s+(kinds? of\s+)?(security|compliance|vendor|audit)\w*( (or|and) (security|compliance|vendor|audit)\w*)? (reviews?|audits?|checks?)\b/,
    'passed HIPAA SOC 2 bank vendor reviews',
  ],
  // "Who's actually writing these answers?": the AI clone.
  [
    /\bwho('s| is) (actually |really )?(writing|typing|answering|behind)\b|\bwhere (does|do) (it|this|that|these answers) get (its|their|the) (info|information|answers|knowledge|data)\b/,
    'ai clone answers as me profile',
    true,
  ],
  // "Do you speak at conferences?" is public speaking, not the languages spoken.
  [
    /\bspeak(s|ing)? (at|on) (conferences?|events?|meetups?|summits?|panels?|podcasts?)\b|\bpublic speaking\b|\b(conference|keynote) (talks?|speaker|speaking)\b|\bpresent(ed|ing)? at (conferences?|events?|meetups?|summits?)\b/,
    'conference talks keynote speaker',
    true,
  ],
  // "Would you work with our engineers or replace them?": working with the visitor's team.
  [
    /\b(work|collaborate|team up|pair)\w* (with|alongside) (them|our (own )?(team|engineers|developers|devs|people|staff|data scientists))\b|\breplace (them|our (team|engineers|developers|devs|people|staff))\b/,
    'work with your team rather than around it',
    true,
  ],
  // "We're a Microsoft shop": the Microsoft stack the content names.
  [
    /\b(microsoft|azure|\.net) (shop|house|stack|environment|ecosystem)\b|\ball[- ]in on (microsoft|azure)\b/,
    'azure .net microsoft',
    true,
  ],
  // "Did you hop on the ChatGPT bandwagon?": how long the owner has worked in AI.
  [
    /\b(bandwagon|hype train|jumped on|hopped on|hop on)\b.{0,30}\b(ai|chatgpt|gpt|llms?|gen ?ai|hype)\b|\b(ai|chatgpt|gpt|llms?|gen ?ai)\b.{0,20}\b(bandwagon|hype train)\b|\b(doing|been in|working (in|on|with)) (ai|machine learning|ml) (for )?(a while|long|long enough)\b/,
    'since 2018 machine learning 2022 large language models',
    true,
  ],
  // "Do you have a pet model you push on every client?": how the model is chosen.
  [
    /\b(pet|favou?rite|go-to|preferred) (model|llm|vendor|provider)\b|\b(push|force|sell)\w* (the same|one|a single) (model|llm|vendor|provider)\b/,
    'pick the model per use case evaluation',
    true,
  ],
  // "Do you vanish after the project and leave us holding the bag?": the handover.
  [
    /\bholding the bag\b|\b(vanish|disappear|ghost|walk away|leave us)\w*\b.{0,40}\b(after|once|when)\b|\b(after|once|when)\b.{0,40}\b(wraps?( up)?|ends?|finish\w*|done)\b.{0,30}\b(vanish|disappear|ghost|leave|gone)\w*\b/,
    'handover documentation runbooks pairing sessions',
    true,
  ],
  // "How far out are you booked?": how soon work or a call can start.
  [
    /\bhow far (out|ahead|in advance)\b|\blead time\b|\bwait(ing)? list\b/,
    'availability scheduled within start',
    true,
  ],
  // "How do you figure out which LLM is right for us?": picking the model per use case.
  [
    /\b(figure out|decide|choose|pick|select|know|tell) which (llm|model|ai model|language model)s?\b/,
    'pick the model per use case evaluation own data',
    true,
  ],
  // "Just a few hours of your brain": hourly advice.
  [
    /\b(a )?(few|couple( of)?) hours of (your|ur) (brain|time|advice|expertise)\b|\bpick (your|ur) brain\b|\bad[- ]hoc (advice|help|calls?)\b/,
    'hourly advisory per hour',
    true,
  ],
  // "What does the start of an engagement look like?", "is there a smaller first step?"
  [
    /\b(start|beginning|kick-?off) of (an|the|a) (engagement|project|collaboration)\b|\b(smaller|small|first) (first )?step\b|\bstart small\b/,
    'free 30-minute intro call discovery fixed-price',
    true,
  ],
  // "How do you avoid locking us into one vendor?": a model that can be swapped later.
  [/\block(ed|ing)? (us |you |me )?in(to)?\b|\block-?in\b/, 'model swapped later', true],
  // "Do you give back, like mentoring?": the students the owner mentors.
  [/\bgiv(e|ing) back\b|\bvolunteer\w*\b|\bmentor\w*\b/, 'mentor students coding programme', true],
  // "What stops the price creeping up halfway through?": the quote fixed in writing.
  [
    /\b(price|cost|costs|bill|budget|scope)s? (from )?(creep\w*|go(es)? up|going up|balloon\w*|spiral\w*)\b|\b(scope|price|cost) creep\b|\b(hidden|surprise|extra) (costs?|fees?|charges?)\b/,
    'quote fixed in writing no surprises',
    true,
  ],
  // "How would you even know whether the thing you built works?": how it is measured.
  [
    /\bhow (would|do|will|can|could) (you|u|we|i) (even )?(know|tell|check|prove|verify|be sure) (whether|if|that) (the thing|it|the system|what you (built|build)|the (assistant|bot|model|thing you built)|it actually)\b/,
    'measure whether an AI system works',
    true,
  ],
  // "Will you be on it yourself, or hand it to juniors?": who does the work.
  [
    /\b(hand|pass|farm|offload|delegate)\w* (it |the work |things |us )?(off |over |out )?to (some )?(juniors?|junior \w+|someone else|subcontractors?)\b|\b(be|work) on (the|my|our) (project|work) (yourself|personally)\b|\b(you|u) personally (be|work|do|lead|handle)\b|\bwho (actually )?(does|do|will do|would do) the (actual |real |hands-on )?work\b|\bbait[- ]and[- ]switch\b/,
    'lead every engagement personally team specialists',
    true,
  ],
  // "Which models do you use in your projects?" asks about the models: the projects only frame it.
  [
    /\b(which|what)( kinds? of| sorts? of)? ((?!projects?\b)\w+ ){1,3}(do|did) you (usually |typically |mostly )?(use|pick|choose|rely on|work with|deploy)( most)? (in|on|for|across) (your|all your|the|these|those|client) (projects|engagements|client work|work)\b/,
    '$1 $3 $4 you $6 $7',
    true,
  ],
  // "The slow-tail (95th percentile) response time": latency at p95.
  [
    /\b(slow[- ]?tail|tail|95th[- ]percentile|p95)\s*(\(95th percentile\)\s*)?(response times?|latenc(y|ies))\b|\b95th percentile\b|\bslow[- ]?tail\b/,
    'p95 latency',
    true,
  ],
  // "We develop drugs, is pharma and biotech a sector you know?": life sciences.
  [
    /\bpharma\w*\b|\bbiotech\w*\b|\bdrug (makers?|companies|development)\b|\bwe (develop|make) drugs\b/,
    'healthcare life sciences industries',
    true,
  ],
  [/\bcredentials?\b|\b(?:hold|have|got|any|which|what)\b[^?]{0,20}\blicen[cs]es?\b/, 'certifications', true],
  // "What's the smallest chunk of time you charge for?": the billing increment.
  [
    /\b(smallest|minimum|min|shortest) (chunk|unit|increment|block|slice|amount)s?( of time)?\b|\bchunks? of time\b/,
    'increments billed',
    true,
  ],
  [/\bno[- ]cost\b|\bwithout (paying|charge)\b/, 'free', true],
  [/\bfirst (conversation|chat|talk|meeting|call)\b/, 'intro call', true],
  // "Which engagement nearly halved what they spent?": what fell.
  [/\bhalved\b|\bcut (\w+ )?in half\b|\bhalf (of )?what\b/, 'fell reduced', true],
  // "The older kind of predictive models, from before LLMs": classic machine learning.
  [
    /\bpredictive (models?|analytics)\b|\bclassic(al)? (ml|machine learning|ai)\b|\btraditional (ml|machine learning|ai)\b|\bbefore (llms|gen ?ai|chatgpt)( (were|was) a thing)?\b|\bold[- ]school (ml|ai)\b|\bolder kind of\b/,
    'classic machine-learning',
    true,
  ],
  // "A middle layer between the apps and every model": the gateway.
  [/\bmiddle ?layers?\b|\bproxy layer\b|\blayer in between\b/, 'gateway in front of every model', true],
  [
    /\bhand(s|ed|ing)? (it |things |conversations? )?(off|of|over) to (a |the )?(human|person|people|agent|staff)\b/,
    'hands over human unsure',
    true,
  ],
  [/\binfra(structure)? as cod(e)?\b|\biac\b/, 'infrastructure code', true],
  // "In which industries do you feel most at home?": those the owner knows well.
  [
    /\b(feel|are|am) (most |more |really |truly )?at home\b|\bcomfort zone\b|\bhome turf\b/,
    'know well',
    true,
  ],
  // "How many of the night jobs could you switch off?": retired.
  [
    /\bswitch(ed)? off\b|\bturn(ed)? off\b|\bdecommission\w*\b|\bshut (them )?(down|off)\b|\bsunset(ted)?\b/,
    'retired',
    true,
  ],
  // "How will I actually know the AI thing works?": how it is measured.
  [
    /\bhow (will|would|do|can|could|should) (i|we|you|u) (actually |even |really )?(know|tell|be sure|check) (that |if |whether )?(the |this |your |an? |our )?(ai |llm |genai )?(thing|system|it|model|assistant|bot|solution|tool)? ?(actually |really )?works?\b/,
    'measure whether an AI system works',
    true,
  ],
  // "What do you get up to when you're away from the laptop?": life outside work.
  [
    /\baway from (the |my |your |a )?(laptop|keyboard|computer|desk|screen|office)\b|\bwhat do (you|u) get up to\b|\bwhen (you'?re|you are) not working\b/,
    'outside work',
    true,
  ],
  // "Which clock do you run your working day on?": the time zone.
  [/\b(which|what) clock\b/, 'time zone', true],
  // "Why keep the old mainframe and the new services running at the same time?": side by side.
  [
    /\b(running|run|ran|kept|keep) (both )?(at the same time|in parallel|simultaneously|alongside)\b/,
    'running side by side',
    true,
  ],
  // "How fast could you get going on something new?": when a new engagement can start.
  [
    /\bhow (fast|quickly|soon) ((could|can|would|will) (you|u)|(you|u) (could|can|would|will)) (actually |realistically )?(get going|get started|start|begin|kick off|jump in)\b/,
    'new engagement start within weeks signing',
    true,
  ],
  // "How much of your week could you give us?": the hours a week open for new work.
  [/\bhow much of (your|ur) (week|calendar)\b/, 'hours a week capacity', true],
  // "Which sectors have you spent most of your time in?": where the owner worked, not time saved.
  [
    /\b(spent|spend|spending) (most of |the bulk of |much of )?(your|ur) (time|career|years)\b/,
    'worked',
    true,
  ],
];
