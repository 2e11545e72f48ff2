import { pattern, type IntentRules } from './rules';

// The owner as visitors refer to them: a pronoun or a name they capitalise ("hire Alex for ...").
// The name is not spelled here: content/profile.json holds it, and visitors use first names too.
// A capitalised word (or two: "Alex Morgan") counts as a name only when the reference ends after
// it, so "hire Python developers" is not about the owner; `hasContactIntent` checks the capitals.
const NAME_END_WORDS = String.raw`(?:for|to|as|on|about|regarding|directly|through|at|in person|today|tomorrow|soon|next)\b`;
const NAME_ENDS = String.raw`(?=\s*(?:$|${NAME_END_WORDS}))`;
const OWNER = String.raw`(?:(?:you|him|her)\b|(?<name>\p{L}[\p{L}-]*(?: (?!${NAME_END_WORDS})\p{L}[\p{L}-]*)?)${NAME_ENDS})`;
// "your services", "Alex's services".
const OWNERS = String.raw`(?:your|his|her|(?<name>\p{L}[\p{L}-]*)'s)`;
// The person rather than the clone: "the real Alex", "the actual human", "a real person", "a human".
const HUMAN = String.raw`(?:(?:the|a|an)\s+)?(?:real|actual|live|human|genuine|flesh and blood)\b|\b(?:a\s+)?(?:human|person|someone|somebody)\b|\bthe\s+(?:person|human|man|woman|guy|owner)\s+(?:behind|who (?:built|made|runs|owns))\b`;

// The visitor wanting something ("we'd like", "I'm keen", "interested in"); "would you like" and
// "do you need" ask about the owner, so "you" right before does not count.
const WANT = String.raw`(?<!\byou(?:'re)?\s*(?:(?:really|still|also|ever|even|actually|just)\s+)?)\b(?:(?:would|'d)\s+(?:really\s+)?(?:like|love)|want|wants|wanted|need|needs|looking|plan|planning|interested|keen|hoping|hope|ready|eager)\b`;

// A conversation with the owner, with the kinds visitors name ("a quick intro call", "a zoom chat").
const CALL_KIND = String.raw`(?:(?:quick|short|brief|free|intro(?:ductory)?|discovery|scoping|exploratory|kick-?off|initial|first|phone|video|zoom|teams)\s+)*`;
const MEETING_NOUN = String.raw`(?:call|meeting|consultation|chat|session|appointment|slot|time to talk|conversation|kick-?off(?: meeting| call)?)`;
const MEETING = String.raw`${MEETING_NOUN}s?\b`;
// ... unless it is a product term: "a call center", "a meeting room", "chat history".
const NOT_PRODUCT = String.raw`(?!\s*(?:cent(?:er|re)|stack|graph|log|flow|option|room|note|minute|summar\w*|transcri\w*|bot|app|system|software|tool|integration|feature|api|management|booking|scheduler|scheduling|platform|widget|history|window|interface|assistant|agent|ai|analytics|data|support|service|ui|memory|storage|timeout|limit)s?\b)`;
// "Can we talk in German?" asks about the language, not for a call.
const NOT_A_LANGUAGE = String.raw`(?!\s+(?:in|using)\s+(?:(?:any|an|another|some|a different|other)\s+)*(?:english|spanish|german|french|italian|portuguese|dutch|languages?)\b)`;
// What a visitor may ask a product to do: "Can your assistants schedule meetings?"
const PRODUCT = String.raw`(?:assistants?|agents?|bots?|chat ?bots?|voice ?bots?|clones?|ai|systems?|apps?|tools?|platforms?|solutions?|products?|models?|software|widgets?|integrations?|automations?|workflows?|pipelines?|llms?|copilots?)`;
const TO_THE_OWNER = String.raw`\b(?:for|with)\s+(?:me|us|you|him|her)\b`;
// ...or with one of the owner's engagements: "let's move forward with the architecture assessment".
const ENGAGEMENT_KIND = String.raw`(?:project|engagement|pilot|assessment|proof of concept|poc|workshop|retainer|build|discovery|proposal)`;
// Moving on from questions to working together: "how do we move forward?", "how do I proceed?"
// "We want to kick one off next month", "we'd like to kick off an assessment in January".
const ONWARDS = String.raw`(?:(?:move|go|push)\s+(?:forward|ahead)|proceed|get (?:started|going)|start|begin|kick (?:this|it|things|one|that) off|kick off (?:(?:a|an|the|our|your)\s+)?(?:[\p{L}-]+\s+){0,2}?${ENGAGEMENT_KIND}|take (?:this|it) (?:forward|further))`;
// ... or with when: "we're keen to get going in January", "let's start next month".
const WHEN = String.raw`(?:in (?:january|february|march|april|may|june|july|august|september|october|november|december|the new year|q[1-4])|next (?:week|month|quarter|year)|this (?:week|month|quarter)|soon|asap|as soon as possible|right away|immediately)`;
const THEN = String.raw`\s*(?:$|(?:with|w/?) (?:this|it|that|you|him|her|(?:(?:the|a|an|your|our)\s+)?(?:[\p{L}-]+\s+){0,2}?${ENGAGEMENT_KIND})\b|from here\b|together\b|now\b|then\b|${WHEN}\b)`;

const HIRE = [
  // "We want to bring you in", "we need someone like you to take it over", "how do we get this going?"
  pattern`\b(?:bring|get)\s+(?:you|him|her)\s+(?:in|on|on board|onboard|aboard|involved)\b`,
  pattern`\bput\s+(?:you|him|her)\s+in\s+touch\b`,
  pattern`\b(?:need|want|looking for)\s+someone\s+like\s+(?:you|him|her)\b`,
  pattern`\bget\s+(?:this|it|things)\s+(?:going|started|moving|off the ground)\b`,
  pattern`\b(?:find|set|pick)\s+(?:a\s+)?time\s+to\s+(?:talk|chat|meet|speak)\b`,
  pattern`\b(?:hire|hiring|engage|engaging|retain|contract|recruit|onboard|book)\s+${OWNER}`,
  pattern`${WANT}\s+(?:to\s+|in\s+)?(?:hire|hiring|engage|engaging|retain|book|booking|start(?:ing)? a project|work(?:ing)? together|(?:work|working|partner|partnering|collaborate|collaborating)\s+with)\b`,
  pattern`\b(?:work|working|partner|partnering|collaborate|collaborating|team up)\s+(?:together|with you)\b`,
  pattern`\b${OWNERS}\s+(?:services|help|expertise|support)\s+(?:for|on|with)\b`,
  pattern`\b(?:av(?:ai|a|ia)?l(?:a|ia|i)?ble|free|open)\s+(?:for|to)\s+(?:hire|a (?:new )?project|(?:new )?projects|(?:new )?work|freelance|a contract|an engagement|(?:a|an)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT})`,
  pattern`\b(?:taking|accepting)\s+(?:on\s+)?(?:any\s+)?new\s+(?:clients|projects|work|engagements)\b`,
  pattern`\b(?:help|support)\s+(?:us|me|our team)\s+(?:build|with|implement|design|create|develop|migrate|set up)\b`,
  pattern`\bhave\s+(?:a|an)\s+(?:project|opportunity|role|contract|engagement)\s+for\s+you\b`,
  pattern`\b(?:get|getting)\s+started\b`,
  pattern`\bnext steps?\b(?!\s+(?:in|of|within|after|for (?:ai|llms?|rag|the industry)\b))`,
  // Saying the owner is the answer: "someone like you is what we're missing", "exactly what we'd need".
  pattern`\bsomeone\s+like\s+(?:you|him|her)\s+(?:is|would be|could be|might be)\s+(?:\p{L}+\s+)?(?:what|exactly|just)\b`,
  pattern`\b(?:exactly|just)\s+(?:like\s+)?what\s+(?:we|i)(?:'d|\s+would|'re|\s+are)?\s+(?:need|want|looking for|missing)\b`,
  pattern`\bwhat\s+(?:we|i)(?:'re|\s+are|'ve been|\s+have been)\s+missing\b`,
  // Wanting one of the owner's engagements: "We'd like an architecture assessment", "we need a pilot".
  pattern`${WANT}\s+(?:(?:a|an|your|one of your)\s+)(?:[\p{L}-]+\s+){0,2}?(?:assessment|pilot|proof of concept|poc|workshop|retainer|engagement|discovery|proposal)\b(?!\s+(?:cost|take|last|include|work)\b)`,
];

// Ready to go ahead, however it is put: "How do we move forward?", "Sign me up", "Let's do this".
const GO_AHEAD = [
  // "How do we get that booked with you?", "how can I get a workshop scheduled?"
  pattern`\bhow\s+(?:do|can|would|could|shall|should)\s+(?:we|i)\s+get\s+(?:it|this|that|one|(?:a|an|the)\s+[\p{L}-]+)\s+(?:booked|scheduled|set up|arranged|organi[sz]ed|going|started|on the calendar)\b`,
  // "We want you to run a workshop for our engineers."
  pattern`${WANT}\s+you\s+to\s+(?:run|build|lead|deliver|design|review|audit|create|develop|train|teach|help|come in|join|take over|architect)\b`,
  pattern`\bhow\s+(?:do|can|shall|should|would|will|could)\s+(?:we|i)\s+${ONWARDS}${THEN}`,
  // "How we proceed with you from here?", as a question of its own.
  pattern`^\W*how\s+(?:we|i)\s+${ONWARDS}${THEN}`,
  // "How do we kick off a fractional architect arrangement with you?"
  pattern`\bhow\s+(?:do|can|shall|should|would|could)\s+(?:we|i)\s+(?:start|begin|kick off|set up|get started with|sign up for)\s+(?:a|an|the|your|our)\b[^?]*?\bwith\s+${OWNER}`,
  // "I'd like to lock in your next available start date."
  pattern`\b(?:lock in|secure|reserve|grab|hold)\s+(?:your|a|the)\s+(?:next\s+)?(?:available\s+|earliest\s+)?(?:start(?:ing)? date|start|slot|spot)\b`,
  // "...and can we get going?", "could we start in January?"
  pattern`\b(?:can|could|shall|may)\s+(?:we|i)\s+${ONWARDS}${THEN}`,
  pattern`(?:${WANT}\s+to|\blet'?s|\blet us)\s+${ONWARDS}${THEN}`,
  pattern`\bwhat(?:'s| is| are| would be)\s+(?:the\s+)?next\s*(?:$|from here|then)`,
  pattern`\bwhere\s+(?:do|can|shall|should)\s+(?:we|i)\s+(?:go from here|sign)\b`,
  pattern`\bsign\s+(?:me|us)\s+up\b`,
  // "How do we sign up?" for the owner's work; signing up for a voice plan is the site's checkout.
  pattern`\bhow\s+(?:do|can|would|could|shall)\s+(?:we|i)\s+sign\s+(?:up|on)\b(?!.*\b(?:voice|plans?|subscri\w*|minutes|account|newsletter)\b)`,
  pattern`\bcount\s+(?:me|us)\s+in\b`,
  pattern`\b(?:i'?m|i am|we'?re|we are)\s+(?:convinced|sold|in)\s*(?:lol|haha|tbh)?\s*$`,
  pattern`\byou'?ve\s+convinced\s+(?:me|us)\b`,
  pattern`\blet'?s\s+(?:do (?:this|it)|go for it|make it happen|get the ball rolling|work together|set (?:it|this|that) up|book (?:it|this|that)|get (?:it|this|that) (?:booked|scheduled|going|started)|get started)\b`,
  pattern`\blet'?s\s+(?:go|go ahead|proceed)\s*$`,
];

// Asking for a call, a meeting or a consultation with the owner, or for the person behind the clone.
const MEETING_PATTERNS = [
  // "Book a call", "schedule meetings with you"; bare plurals are a product's work ("schedule meetings").
  pattern`\b(?:book|schedule|set up|setup|arrange|organi[sz]e|plan|request|have|get|grab|do|hop on|jump on|get on)\s+(?:(?:(?:a|an|the|some)\s+)?${CALL_KIND}${MEETING_NOUN}\b|(?:a|an|the|some)\s+${CALL_KIND}${MEETING})${NOT_PRODUCT}`,
  pattern`${WANT}\s+(?:to\s+(?:have|get|book|schedule|set up|arrange)\s+|in\s+)?(?:a|an|some)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  // "hop on a zoom", "get on the phone": the tool stands for the call.
  pattern`\b(?:hop|jump|get)\s+on\s+(?:(?:a|an|the)\s+)?(?:quick\s+|short\s+)?(?:zoom|teams|google meet|phone|video)\b${NOT_PRODUCT}`,
  pattern`\bget\s+${OWNER}\s+on\s+(?:the\s+)?(?:phone|a call|zoom|teams)\b`,
  // A call named by its kind is asked for even without a verb: "Do you offer a free intro call?"
  // ("the intro call" is one being asked about).
  pattern`(?<!\b(?:the|your|this|that)\s+(?:[\p{L}-]+\s+)?)\b(?:quick|short|brief|free|intro(?:ductory)?|discovery)\s+(?:call|chat|meeting)\b${NOT_PRODUCT}`,
  pattern`\b(?:phone|video|zoom|teams)\s+call\b${NOT_PRODUCT}`,
  // "How about a call on Friday?", "Is a quick chat possible?"
  pattern`\b(?:how|what) about\s+(?:a|an)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  pattern`\b(?:a|an)\s+${CALL_KIND}${MEETING}\s+(?:possible|an option)\b`,
  pattern`\bbook\s+(?:(?:me|us)\s+)?(?:a slot|a time|time|some time|in)\b`,
  // "Can I book that with you?", "schedule the workshop with Alex"
  pattern`\b(?:book|schedule|arrange)\s+(?:[\p{L}-]+\s+){0,3}?with\s+${OWNER}`,
  pattern`\b(?:can|could|may|shall)\s+(?:i|we)\s+(?:call|phone|ring|meet|talk|speak|chat with|contact|reach|e-?mail|discuss)\b(?!\s+(?:(?:to|with)\s+)?(?:your|the|this)\s+(?:ai|clone|bot|chatbot|assistant|voice))${NOT_A_LANGUAGE}`,
  pattern`\b(?:talk|go)\s+(?:this|it|that|things)\s+(?:all\s+)?(?:through|over)\b`,
  pattern`\b(?:call|phone|ring|meet)\s+(?:you|him|her)\b`,
  pattern`\b(?:talk|speak|chat)\s+(?:directly\s+)?(?:to|with)\s+${OWNER}\s*(?:in person|directly|live|about|regarding|over|on|soon|sometime|some time|next|this|today|tomorrow|later|$)`,
  pattern`\b(?:talk|speak|chat|get in touch|connect|communicate|meet)\s+(?:directly\s+)?(?:to|with)\s+(?:${HUMAN})`,
  pattern`\b(?:reach|contact|e-?mail|call|meet)\s+(?:the\s+)?(?:real|actual)\b`,
  // "Our VP wants a quick word with the actual Alex"
  pattern`\b(?:a|an)\s+(?:quick|short|brief)?\s*word\s+with\b`,
  // "Can I get the real you on Zoom this week?"
  pattern`\b(?:get|have|see|meet)\s+(?:the\s+)?(?:real|actual)\s+(?:you|${OWNER})\b`,
  pattern`\b(?:get|have|see|meet)\s+(?:you|${OWNER})\s+on\s+(?:zoom|teams|google meet|a video call|video|the phone)\b`,
  pattern`\b(?:a|any)\s+(?:real\s+)?(?:human|person)\s+(?:i|we)\s+(?:can|could)\s+(?:talk|speak|chat)\b`,
  pattern`\blet'?s\s+(?:talk|chat|meet|connect|discuss|do it|get started|set up|book|schedule|hop on|jump on)\b`,
  pattern`\bconsult(?:ation)?\s+(?:call|session|with you)\b`,
  pattern`\bdiscuss\s+(?:(?:a|my|our|the|this|your)\s+)?(?:project|engagement|opportunity|idea|needs|requirements|use case|contract)\b`,
  pattern`\bdiscuss\s+(?:(?:this|it|that|things|details|more|(?:a|my|our|the|this|your)\s+[\p{L}-]+(?: [\p{L}-]+)?)\s+)?(?:further\s+|directly\s+|in person\s+)?with\s+${OWNER}`,
];

// Asking what a project would cost: a quote, an estimate, a proposal ("a fixed-price quote").
const QUOTE_PATTERNS = [
  // "Could you send over pricing for a two-day workshop?"
  pattern`\b(?:send|give|get)(?:\s+(?:me|us|over))*\s+(?:(?:the|your|some)\s+)?(?:pricing|prices)\s+for\b`,
  pattern`\b(?:get|need|want|like|send|give|request|receive|prepare|put together)(?:\s+(?:me|us|over))*\s+(?:a|an|your|some)\s+(?:(?:rough|ballpark|formal|written|firm|fixed|detailed|precise|\p{L}+-\p{L}+)\s+)?(?:quote|estimate|proposal|quotation|price|pricing|ballpark)\b`,
  // A quote for the visitor's own work; "what's the ballpark for a production build?" asks the rates.
  pattern`\b(?:quote|estimate|proposal|quotation|price|pricing|ballpark)(?:\s+(?:us|me))?\s+for\s+(?:my|our)\b`,
  // "An estimate for us"; "confirm the price for me" asks someone to say a price again.
  pattern`\b(?:quote|estimate|proposal|quotation|ballpark)(?:\s+(?:us|me))?\s+for\s+(?:us|me)\b`,
  pattern`(?<!\bwhat(?:'?s|\s+is|\s+are|\s+would be)\s+(?:the|your|a)\s+(?:rough\s+|usual\s+|typical\s+)?)\b(?:quote|estimate|proposal|quotation)(?:\s+(?:us|me))?\s+for\s+(?:a|an|the|this)\b`,
  // "Please quote a 3-day workshop for our tech leads": quote as a verb, asked of the owner.
  pattern`(?:^|\bplease\s+|\b(?:can|could|would|will)\s+you\s+)(?:please\s+)?quote\s+(?:(?:us|me)\s+)?(?:a|an|for|on|the|this|our|my)\b`,
  // "How much does that cost?" asks a price; "how much would a project like ours cost?" a quote.
  pattern`\bhow much\s+(?:would|will|might)\s+(?:it|this|that|a project|such a project|you)\s+(?:cost|charge|be)\b`,
  pattern`\bhow much\s+(?:would|will)\s+you\s+charge\s+(?:for|to|us|me)\b`,
  // "What would that cost?" asks the price of something already named: the rates answer it.
  // "What would it cost to build a chatbot for us?" asks a quote for the visitor's work; "what
  // would it cost per month to keep you part-time?" a price the rates give.
  pattern`\bwhat\s+(?:would|will|might)\s+it\s+cost\s+(?:(?:us|me)\s+)?to\s+(?:build|develop|create|make|implement|automate|deliver|set up|design|migrate|modernise|modernize)\b`,
  pattern`\bwhat\s+(?:would|will|might)\s+(?:this|(?:a|an|the|our|my)\s+(?:project|build|pilot|engagement|solution))\b[^?.]*\bcost\b`,
  pattern`\b(?:price|pricing|cost|budget)\s+(?:for|of)\s+(?:my|our|the|this)\s+(?:project|build|pilot|proof of concept|poc|assessment|engagement)\b`,
];

// The paperwork or the start of an engagement, asked for or asked about: "a statement of work".
const ENGAGEMENT = String.raw`(?:contracts?|sows?|statements? of work|msas?|master services agreements?|engagements?|proposals?|quotes?|estimates?|ndas?|paperwork|kick-?offs?|start dates?|(?:a|the|our|my|this|your)\s+(?:project|pilot|proof of concept|poc|assessment|retainer)|hiring (?:you|him|her)|working together)\b`;

const PAPERS = String.raw`(?:msa|sow|contract|nda|statement of work|purchase order|po|paperwork)`;

// Committing to the work, however it is put: ready to sign, a start on the calendar, who to talk
// to about the contract, sent by someone to make contact, a problem like one the owner solved.
const COMMIT = [
  // "We're ready to sign", "I'm ready to get started".
  pattern`\b(?:i'?m|i am|we'?re|we are)\s+(?:(?:now|finally|all|pretty much)\s+)?(?:ready|prepared|good)\s+to\s+(?:sign|commit|go|${ONWARDS})\b`,
  // "Budget is approved", "legal has the MSA ready": the buyer's side is done.
  pattern`\b(?:budget|funding|sign-?off|approval|po|purchase order)\s+(?:is|was|has been|got|just got)\s+(?:now\s+)?(?:approved|signed off|secured|confirmed|allocated|through)\b`,
  pattern`\b(?:has|have|got)\s+(?:the|our|an?|my)\s+${PAPERS}\s+(?:ready|signed|approved)\b`,
  pattern`\b(?:the|our|my)\s+${PAPERS}\s+is\s+(?:now\s+)?(?:ready|signed|approved)\b`,
  pattern`\bwhat\s+(?:do|would|will)\s+you\s+need\s+from\s+(?:us|me)\b`,
  pattern`\bwho\s+(?:do|should|can)\s+(?:i|we)\s+send\s+(?:it|this|that|the\s+[\p{L}-]+)\s+to\b`,
  // "How do we get a kickoff on the calendar?", "let's pencil in a start date".
  pattern`\b(?:get|put|pencil|pin|lock|nail)\s+(?:(?:a|an|the|our|this|it|that|something|some time|time|things)\s+)?(?:[\p{L}-]+\s+)?(?:on|in|into)\s+(?:the|your|our|a)\s+(?:calendar|diary|books|schedule)\b`,
  pattern`\b(?:pick|set|agree on|lock in|fix|pencil in)\s+(?:a|the)\s+start\s+date\b`,
  // "Who do I talk to about getting a statement of work drafted?" (the owner: the form is the way).
  pattern`\bwho\s+(?:do|should|can|could|would|shall)\s+(?:i|we)\s+(?:talk|speak|reach out|write|go|turn)\s+(?:to|with)\b(?:\s*$|\s+(?:about|regarding|for|re)\s+(?:(?:getting|starting|signing|drafting|setting up|preparing|kicking off)\s+)?(?:(?:a|an|the|our|my)\s+)?${ENGAGEMENT})`,
  pattern`\b(?:get|getting|have|having)\s+(?:a|an|the|our)\s+(?:statement of work|sow|contract|msa|proposal|nda)\s+(?:drafted|drawn up|written|signed|started|prepared|sent over|sent)\b`,
  // "My manager asked me to reach out", "I'm reaching out because...".
  pattern`\b(?:asked|told|wanted|wants|sent|suggested)\s+(?:me|us)\s+to\s+(?:reach out|contact|get in touch|talk to|speak (?:to|with)|ping|e-?mail|message|call|write to)\b`,
  pattern`\b(?:i'?m|i am|we'?re|we are)\s+reaching\s+out\b`,
  // "We have a GPU cost problem a lot like your fintech case", "our hospital wants something like your summaries".
  pattern`\b(?:we|i|our\s+[\p{L}-]+)\s+(?:have|has|face|faces|are facing|is facing|need|needs|want|wants|would like)\s+(?:[\p{L}$-]+\s+){0,6}?(?:(?:a lot|very|quite|pretty|much|exactly|just|really)\s+)?(?:(?:like|similar to)\s+|same\s+(?:[\p{L}-]+\s+)?(?:as\s+)?)(?:your|the ones? you|what you)\b`,
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

const ABOUT_THE_SERVICE = [
  // What the call itself costs or covers.
  pattern`\b(?:charge|charges|pay|cost|costs|price|fee|fees)\s+(?:for|of)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\b(?:the|a|an|your)\s+${CALL_KIND}${MEETING}\s+(?:cost|costs|free|paid|charged|billed|cover|covers|include|includes|involve|involves|look like|last|lasts)\b`,
  pattern`\bwhat happens\s+(?:on|in|during|after|before|at)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\bwhat happens\s+(?:after|once|when|before|if)\b.*`,
  pattern`\bhow long\s+(?:is|are|does|do|will)\s+(?:the|a|an|your)\s+${CALL_KIND}${MEETING}`,
  pattern`\bhow\s+(?:does|do|will)\s+(?:the|your)\s+(?:booking|scheduling)(?:\s+\w+)?\s+work\b`,
  // "What's included in the free intro call?", "Who will be on the call?" (not "what do I do to book it").
  pattern`^(?:so\s+|and\s+)?(?:what|which|who|how long|how much|is|are|does|do|will)\b(?:(?!\b(?:book|schedule|arrange|set up|get|have|request)\b).)*?\b(?:in|on|during|for|from|at|of|after|before)\s+(?:the|your|this|that)\s+${CALL_KIND}${MEETING}${NOT_PRODUCT}`,
  // "Call" as software or telephony uses it: "call your API", "transcribe a Zoom call".
  pattern`\b(?:call|calls|calling)\s+(?:(?:your|the|an?|its|our|my|this|that|external|other)\s+)?(?:\w+\s+)?(?:apis?|endpoints?|functions?|methods?|tools?|models?|webhooks?|sdks?|llms?|services?|lambdas?|backends?)\b`,
  pattern`\b(?:handle|handles|handling|answer|answers|answering|transcribe|transcribes|transcribing|summari[sz]e|summari[sz]es|record|records|recording|route|routes|routing|analy[sz]e|analy[sz]es|automate|automates)\s+(?:\w+\s+){0,2}?(?:calls?|meetings?)\b`,
  // What a product does: "Can your assistants schedule meetings in Outlook?", "a bot that books
  // appointments"; unless it is asked to do it for the visitor ("can the clone book a call for me").
  pattern`\b(?:can|could|does|do|will|would|is|are|should|might)\s+(?:your|the|a|an|this|that|these|those|its|their|my|our|such)\s+(?:[\p{L}-]+\s+){0,2}?${PRODUCT}\b(?!.*${TO_THE_OWNER}).*`,
  pattern`\b${PRODUCT}\s+(?:that|which|who|to)\s+(?:(?:can|could|will|would|automatically)\s+)?(?:books?|schedules?|sets? up|arranges?|takes?|makes?|organi[sz]es?|calls?|phones?|contacts?|e-?mails?|reaches?)\b(?!.*${TO_THE_OWNER}).*`,
  // How booking works: "At what times of day can I book a call?", "How far ahead can I schedule one?"
  pattern`^(?:at\s+)?(?:what|which)\s+(?:times?|hours?|days?|dates?|times? of (?:the )?day|time ?zones?)\b.*\b(?:can|could|may)\s+(?:i|we|one|visitors?|people)\b.*`,
  pattern`^(?:and\s+|so\s+)?how\s+(?:far|many|long)\b.*`,
  // "How fast do you get back to people?", "What's it like to work with you?": about the service.
  pattern`\bhow\s+(?:fast|quickly|soon)\s+(?:do|does|will|would|can)\b.*`,
  pattern`\b(?:what(?:'s| is| would it be)\s+it\s+like|how\s+(?:would it be|is it|does it work))\s+(?:to\s+)?work(?:ing)?\s+with\b.*`,
  // What booking takes or costs: "Do I have to pay to book a call?", "What details do you need to
  // book one?", "Can I book a call for a Saturday?"
  pattern`\b(?:do|does|would|will|must|should)\s+(?:i|we|one)\s+(?:(?:really|actually|still|even|absolutely)\s+)?(?:have|need)\s+to\b.*`,
  // "Is a phone number required to book?"
  pattern`\b(?:is|are)\s+(?:(?:a|an|my|the|your)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:required|mandatory|needed|necessary|optional|compulsory)\b.*`,
  pattern`\b(?:does|do|will|would)\s+(?:it|that|booking)\s+cost\s+(?:anything|something|money)\b.*`,
  // "Does the phone call with Alex cost anything?", "Is the first call with you free?"
  pattern`^(?:and\s+|so\s+)?(?:does|do|will|would|is|are)\s+(?:the|a|an|your|this|that)\s+(?:[\p{L}-]+\s+){1,4}?(?:cost\s+(?:anything|something|money|extra)|free(?:\s+of\s+charge)?)\b.*`,
  pattern`\bwhat\s+(?:details|information|info|data)\b.*\b(?:book|schedule)\b.*`,
  pattern`\b(?:book|schedule)\b.*\b(?:on|for)\s+(?:(?:a|this|next|the|the coming)\s+)?(?:saturday|sunday|weekends?|evenings?|nights?|holidays?)\b.*`,
  // Whether a day may be picked: "Can I pick Thursday the 26th when I book the call?"
  pattern`^(?:and\s+|so\s+)?(?:can|could|may)\s+(?:i|we)\s+(?:pick|choose|select)\b.*`,
  // Whether a time of day is offered: "Can I book a call at 6:30pm?", "the earliest time I can book?"
  pattern`^(?:and\s+|so\s+)?(?:can|could|may)\s+(?:i|we)\s+(?:book|schedule)\b.*\bat\s+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h)?\b.*`,
  pattern`\bwhat(?:'?s|\s+is|\s+are)\s+(?:the|your)\s+(?:earliest|latest|first|last)\s+(?:time|slot|hour|call)s?\b.*`,
  // A hypothetical about the visitor's own step: "If I email the real Alex, when will I hear back?"
  pattern`^(?:and\s+|so\s+)?(?:if|after|once|when)\s+(?:i|we)\s+(?!(?:could|can|may|might|would)\b).*`,
];

export const ENGLISH: IntentRules = {
  intents: [...HIRE, ...GO_AHEAD, ...COMMIT, ...MEETING_PATTERNS, ...QUOTE_PATTERNS, ...CONTACT_PATTERNS],
  aboutTheService: ABOUT_THE_SERVICE,
  negation:
    /\b(no|not|don'?t|doesn'?t|didn'?t|do not|never|without|won'?t|wouldn'?t|can'?t|cannot|rather not|no need|nobody|none|stop|before (i|we) (even )?(think|consider|decide)\w*)\b/,
  // "why don't we book a call" and "I don't mind a call" are invitations, not refusals.
  notANegation:
    /\b(why (don'?t|not)|don'?t (mind|hesitate)|not (sure|yet sure)\b.*\bbut|no (problem|worries))\b/,
};
