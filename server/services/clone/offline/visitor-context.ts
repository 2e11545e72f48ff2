// Who is asking and why, said before the question: "Startup founder here.", "I'm a procurement
// officer setting up a supplier record.", "Journaliste ici, je prépare un article." It explains the
// question without being its subject: searched, "startup" or "nonprofit" would answer with the
// discount, "journalist" or "student" with the owner's education.

// "Startup founder here,", "Journaliste ici :", "hiring manager here -": a role or kind, then "here".
const SAID_HERE =
  /^(?!(?:what|which|who|where|when|why|how|is|are|was|were|do|does|did|can|could|would|will|should|anyone|anybody|someone|still|not|you|u)\b)(?:[\p{L}&/'-]+\s+){1,4}?(?:here|ici|aqu[ií]|hier)\s*(?:[.,:;!]|\s[—–-])\s*/iu;

// A person's role or purpose, not a company's kind ("we're a regional bank", "our industry is
// regulated" are the subject): "I'm a procurement officer…", "As a hiring manager…", "For an
// article on…", "soy reclutadora…", "je prépare un article", after a greeting the greeting rule
// does not take ("Qué tal,", "Buenas,").
const ROLE_NOUN = String.raw`(?:manager|manger|officer|engineer|enginer|engeneer|developer|dev|student|journalist|journlist|reporter|writer|editor|recruiter|founder|co-?founder|analyst|researcher|consultant|architect|designer|scientist|lead|head|director|ceo|cto|cio|coo|cfo|cmo|cdo|cpo|cro|ciso|cmio|vp|svp|evp|partner|buyer|procurement|professor|teacher|lawyer|owner|freelancer|estudiante|periodista|reclutador[a]?|ingenier[oa]|desarrollador[a]?|fundador[a]?|compras|journaliste|étudiante?|ingénieure?|développeu(?:r|se)|recruteu(?:r|se)|acheteu(?:r|se)|fondat(?:eur|rice)|ingé|entwickler(?:in)?|student(?:in)?|journalist(?:in)?|ingenieur(?:in)?|einkäufer(?:in)?|gründer(?:in)?)`;
const ABOUT_THE_VISITOR = new RegExp(
  String.raw`^(?:(?:qu[eé] tal|buenas|hola|hi|hello|hey|bonjour|salut|hallo)[,!]?\s+)?(?:` +
    [
      String.raw`(?:i'?m|i am|i work as|i work in|im|as|for|soy|trabajo (?:en|como)|llevo|como|je suis|en tant que|ich bin|als|ich arbeite (?:als|im|in))\s+(?:an?|the|my|our|un|una|une|la|el|le|ein|eine|einer)?\s*(?:[\p{L}'-]+\s+){0,3}?${ROLE_NOUN}(?![\p{L}])`,
      // "Head of data at a regional bank.", "CMIO here." (the rule above), "CTO of a fintech."
      String.raw`(?:[\p{L}'-]+\s+){0,2}?${ROLE_NOUN}\s+(?:at|of|for|with|in)\s`,
      String.raw`llevo (?:la|el|los|las) [\p{L}]+`,
      String.raw`for (?:an?|my|our) (?:article|piece|story|blog|post|podcast|paper|report|thesis|newsletter|class|course)\b`,
      String.raw`(?:i'?m |we'?re )?(?:writing (?:a|an) (?:article|piece|story|post)|doing (?:some )?(?:research|homework|due diligence))\b`,
      String.raw`(?:je prépare|j'écris) (?:un|une) (?:article|papier|reportage|mémoire)`,
    ].join('|') +
    String.raw`)`,
  'iu',
);

// Where a sentence about the visitor ends: its full stop, a colon, a dash between spaces.
const SENTENCE_END = /[.!:;](?=\s)|\s[—–-](?=\s)/u;

// The question must stand on its own: "Which ones do you hold?" points back into the context.
const POINTS_BACK =
  /(?<!\p{L})(?:ones?|it|its|those|these|they|them|such|similar|like (?:that|this|ours|mine)|ello|eso|esto|así|parecid[oa]|das|dies|so etwas|sowas|ähnlich\p{L}*|ça|cela|pareil|similaire)(?!\p{L})|\b(?:that|this)\s*[?.!]?\s*$/iu;

const ASKS =
  /\?|^(?:what|which|who|where|when|why|how|is|are|was|were|do|does|did|can|could|would|will|should|have|has|any|tell|qu[eé]|cu[aá]l|c[oó]mo|d[oó]nde|cu[aá]nt|wo|wie|was|welche|wann|warum|o[uù]|quel|comment|combien|est-ce)\b/iu;

const DISCOUNTED =
  /\b(?:start-?ups?|non-?profits?|charit(?:y|ies)|ngos?|students?|associations?|vereins?|asociaci[oó]n|estudiantes?|étudiante?s?)\b/iu;
const PRICE =
  /\bhow much\b|\b(?:cost|costs|price|pricing|rates?|charge|fees?|pay|budget|afford|cheap|discount|dollars?|costar|cuesta|precio|tarifa|descuento|kosten|kostet|preis|rabatt|coût|coûte|prix|tarif|remise|réduction)/iu;
const TIME =
  /\b(?:times?|hours?|zones?|morning|afternoon|evening|overlap|difference|late|early|when|hora|horario|uhr|zeit|heure|fuseau)\b/iu;
const PLACE = /\b(?:in|from|near|en|de|desde|aus|bei|à|depuis)\s+\p{Lu}/u;

/** The question without the sentences before it that only say who asks and why. */
export function withoutVisitorContext(question: string): string {
  let rest = question;
  for (;;) {
    const here = SAID_HERE.exec(rest);
    const about = here ? undefined : ABOUT_THE_VISITOR.exec(rest);
    const end = about ? SENTENCE_END.exec(rest.slice(about[0].length)) : undefined;
    const cut = here ? here[0].length : about && end ? about[0].length + end.index + end[0].length : 0;
    if (!cut) return rest;
    const context = rest.slice(0, cut);
    const after = rest.slice(cut).replace(/^[\s¿¡]+/, (space) => space.trim());
    // A count, a date or where the visitor is, said first, is part of the question ("We have 30
    // engineers. What would a workshop cost?", "I'm in Berlin. What hours do you work?"), as is a
    // question asked first.
    if (/\d|\?/.test(context) || (PLACE.test(context) && TIME.test(after))) return rest;
    // A startup or a nonprofit asking a price may get the discount.
    if (DISCOUNTED.test(context) && PRICE.test(after)) return rest;
    if (!after || !ASKS.test(after) || POINTS_BACK.test(after)) return rest;
    rest = after;
  }
}
