import type { Phrase } from './visitor-phrases';

// How visitors ask about the way the owner works, its risks and its people, in words the content
// does not use ("going off the rails", "makes stuff up", "big corporations or small shops"), and
// the content's words for them. Everyday vocabulary, never this owner's project names.

export const APPROACH_PHRASES: Phrase[] = [
  // Framing that carries no topic: "in a sentence", "in a nutshell".
  [/\b(in )?(like )?(a|one|1) (sentence|line|word|nutshell)\b|\bin short\b|\bbriefly\b/, '', true],
  // Asides that set the tone, not the topic: "just curious, not ready to commit:".
  [
    /\b(just |purely )?(curious|out of curiosity)\b|\bnot ready to (commit|sign|buy|decide)( yet)?\b|\b(quick|random|silly|dumb) question\b|\bno pressure\b|\bfor (my|our) (own )?understanding\b/,
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
  [
    /\boff the rails\b|\bderail\w*\b|\bgo(es|ing)? sideways\b|\bgo(es|ing)? wrong\b|\bslip(s|ping|page)?\b|\bblow(s|ing)? up\b|\bon track\b/,
    'two-week iterations demo status written decisions',
    true,
  ],
  [
    /\b(fuzzy|vague|rough|unclear|no clear) (idea|notion|sense|plan)\b|\bwhere (would|do|should|could) (you|we|i) (even )?(start|begin)\b|\b(don't|do not|dont) know where to (start|begin)\b|\bfirst step\b/,
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
];
