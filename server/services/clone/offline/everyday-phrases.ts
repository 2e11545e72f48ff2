import type { Phrase } from './visitor-phrases';

// The everyday ways visitors ask the headline things (what it costs, how long, since when, where,
// how soon, who else, which industries, which languages, what came of it, what's next), matched
// after the more specific phrases of visitor-phrases.ts: order matters, the first match of a
// replaced phrase consumes its text.

export const EVERYDAY_PHRASES: Phrase[] = [
  [
    /\bhow many (people|users|employees|staff) (use|used|are using|work with)\b|\bhow many use\b|\badoption\b/,
    'users outcome',
    true,
  ],
  [
    /\bhow much (is|are|does|do|did|would|will|for|to|money)\b|\bhow much\W*$|\bwhat do(es)? it cost\b|\$\$+|\b(you|u) bill\b|\byour bills?\b|\bbilling\b|\bballpark\b/,
    'rates price cost',
  ],
  [
    // A bill the visitor pays to others (models, cloud) is a running cost, not the owner's rates.
    /\b(our|the|an?|their|my|whose|its) ((llm|cloud|aws|azure|gpu|model|inference|openai|api|hosting|compute|ai) )?bills?\b|\b(llm|cloud|aws|azure|gpu|inference|openai|hosting|compute) (spend|costs?)\b|\bcosts? of running\b/,
    'serving costs reduced',
  ],
  [
    /\b(in|been in) (this|the) (game|business|industry|field|line of work)\b|\bhow long have you been\b|\bhow senior\b|\bveteran\b|\b(ca|cela) fait combien de temps que (tu|vous)\b|\bdepuis combien de temps (tu|vous|faites|fais)\b|\bwie lange (bist du|sind sie|arbeiten sie|arbeitest du) (schon )?\b|\bcu[aá]nto tiempo (llevas|lleva|hace que)\b/,
    'experience years',
    true,
  ],
  [
    /\bwhere (are|r) (you|u) (from|located|situated)\b|\bwhere('s| is) (your )?(home|base)\b|\bwhere do you live\b|\bhang (your|ur) hat\b/,
    'based location',
    true,
  ],
  [
    /\b(hear back|get(s|ting)? back to|respond|reply|answer back|write back|e-?mail back)\b|\bwait\w* for (an? |your )?(e-?mail|reply|response|answer)\b|\bturnaround\b|\bhow (fast|quickly|soon) (do|will|would) (you|i)\b/,
    'response respond business day',
    true,
  ],
  [
    /\b(open|free|up) (to|for) (new )?(projects|work|clients|engagements)\b|\btak(e|es|ing) (on )?(new |more |freelance )?(clients|projects|work)\b|\b(can|could) you take on\b|\bbook(ed)? up\b|\b(booked|busy) solid\b|\bfully booked\b|\b(calendar|schedule|diary) (is |looks? )?(open|full|free|packed)\b|\bswamped\b|\bspoken for\b|\bbandwidth\b|\bcapacity\b|\bhow soon\b|\bwhen (can|could) you start\b/,
    'availability capacity start',
  ],
  [
    /\bone[- ](man|person|woman) (band|show|shop|operation|outfit)\b|\bsolo\b|\bon your own\b|\bby yourself\b|\balone\b|\bsubcontract\w*\b|\bteam of\b|\bhand (it|things|the work|work)? ?off\b|\bwho (actually |really )?does the (actual )?work\b|\boutsourc\w*\b|\bwho else\b.{0,30}\b(works?|is|helps?|involved)\b(.{0,30}\b(projects?|engagements?|team)\b)?|\b(besides|apart from|other than) (you|yourself)\b|\b(your|own) (crew|posse|squad|people|team)\b(?! (of|at|in))|\broll with\b/,
    'alone team lead specialists',
    true,
  ],
  [
    /\bname of (your|the) (company|business|firm)\b|\byour (company|business|firm|llc)\b|\bthrough (a|an|your) (company|business|firm|llc|entity)\b|\bas an individual\b/,
    'company llc contract',
  ],
  [
    /\b(which|what) (industries|sectors|verticals|domains)\b|\bindustr(y|ies)\b|\bsectors?\b|\bverticals?\b|\b(world|space|field|domain)s? (that )?(you|u) (actually |really )?know\b/,
    'industries know well',
  ],
  [
    /\bhow long (does|do|will|would|did)\b|\btimeline\b|\bduration\b|\bhow many (weeks|months)\b/,
    'long take weeks months',
  ],
  [
    // Spoken languages, not programming ones.
    /^(?!.*\b(cod(e|ing)|program\w*|rewr\w*|writ\w*|develop\w*|stack|framework)\b).*\b(?<!progra\w* )languages?\b(?! (do you|you) (code|program|use|write))|\bspeak\b|\bfluent\b|\bbilingual\b|\bnative (speaker|tongue)\b|\bmother tongue\b|\bspanish\b/,
    'speak english natively spanish',
  ],
  [
    /\bcheap(er)?\b|\bdiscount\w*\b|\bdeal\b(?! with)|\bnon-?profit\w*\b|\bstartup\w*\b|\bstart-ups?\b/,
    'discount startups non-profits',
  ],
  [
    /\bhobb(y|ies|ys)\b|\bfree time\b|\bspare time\b|\bfor fun\b|\boutside (of )?work\b|\boff the clock\b|(?<!\b(work|working|calls?|meet|talk) (on |at |over )?)\bweekends?\b(?! (or \w+ |and \w+ )?(work|jobs?|rates?|calls?|slots?|hours|surcharges?))/,
    'outside work sail hike',
  ],
  [
    /\beducational background\b|\bdegrees?\b|\bundergrad\w*\b|\bbachelor'?s?\b|\bmaster'?s\b|\bgrad school\b|\bcollege\b|\bschool\b|\bwhere did you stud\w*\b/,
    'education university',
    true,
  ],
  [/\bnda\b|\bconfidential\w*\b|\bpaperwork\b|\bmsa\b|\bsow\b/, 'nda contracts paperwork'],
  // Idioms for a confidentiality agreement, a certificate, a favourite tool and being kept informed.
  [
    /\bhush[- ]hush\b|\bunder wraps\b|\bkeep (it|this|that|things) (quiet|secret)\b|\bput (your|ur) name on\b/,
    'nda confidential',
    true,
  ],
  [
    /\b(piece of paper|paper|proof|something official) (proving|that proves|showing)\b/,
    'certification',
    true,
  ],
  [/\bweapon of choice\b|\bgo-to (tool|stack)s?\b/, 'use tools', true],
  [
    /\bhow (will|would|do) (we|i) know what (you're|you are|ur) (actually |really )?(up to|doing)\b|\b(keep|kept) (us|me) in the loop\b/,
    'every two weeks demo status iterations',
    true,
  ],
  [
    /\bdid (it|that) (actually |really )?(help|work|pay off)\b|\bsav(e|ed|ing|ings)\b|\bresults?\b|\b(the )?(numbers|metrics|figures|kpis)\b|\bimpact\b|\broi\b|\bpay off\b|\bhow did (it|that) (go|turn out|work out)\b|\bdid (it|that) work\b/,
    'outcome',
  ],
  [
    /\b(move|moving) forward\b|\bnext steps?\b|\bget(ting)? started\b|\bhow (do|would|does|could) (we|i|it|this) (start|begin|work|proceed)\b|\bwhat('s| is) the process\b|\bonboarding\b/,
    'ways work together discovery',
    true,
  ],
  [/\b(next|this|coming) (week|month|quarter|year)\b|\bsoon\b/, 'availability start', true],
  [/\btime? ?zones?\b|\bworking hours\b|\bwhat hours\b/, 'time zone eastern'],
];
