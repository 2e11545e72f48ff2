import { meaningfulTerms, ownerNameWords } from '../text-terms';
import { detectLanguage, translateToEnglish, untranslatedWords, type Language } from './language';
import { SHORTHAND } from './shorthand';
import { INJECTION, separatePlantedInstructions } from './planted-instructions';
import { PHRASES } from './visitor-phrases';
import { withoutVisitorContext } from './visitor-context';

// What a visitor's message asks, made searchable: the greeting, the visitor's own name and contact
// details are taken out (they would match nothing, or the wrong thing), chat shorthand and slang
// are spelled out, and questions in Spanish, German or French get the English words of their topic.

export interface VisitorMessage {
  /** The message as the visitor wrote it, whitespace and quotes normalised. */
  original: string;
  /**
   * Without greeting and contact details (and planted instructions). Empty for a bare greeting.
   * A question after a client's identity starts with a clause asking for "client names".
   */
  question: string;
  /** The question plus the English words its shorthand, slang or language stand for. */
  query: string;
  /** The visitor's own words in the query, without those added for a phrase's meaning. */
  focus: string;
  /** Names an English question capitalises mid-sentence ("SAP", "GitHub"), as search terms. */
  names: string[];
  /**
   * Words a known phrase stood for ("charge" in "how much do you charge"): the phrase's own words
   * carry them, so the content not using them says nothing about what it knows.
   */
  understood: string[];
  language: Language;
  hasGreeting: boolean;
  /** Instructions were planted in the message and dropped. */
  hasInjection?: boolean;
  kind: 'question' | 'greeting' | 'thanks' | 'goodbye' | 'identity' | 'injection';
}

const GREETING =
  /^(hi+|hello|hey+|hiya|howdy|greetings|yo|good (morning|afternoon|evening|day)|hola|buen[oa]s (d[ií]as|tardes|noches)|hallo|guten (tag|morgen|abend)|servus|moin|bonjour|bonsoir|salut|coucou)\b( there| all| everyone)?/i;

const THANKS =
  /^(thanks?( you)?( so much| a lot| very much)?|thank u|thx|ty|cheers|great,? thanks|gracias|muchas gracias|danke( sch[oö]n| sehr)?|vielen dank|merci( beaucoup)?)\b/i;
const GOODBYE =
  /^(bye|goodbye|see you|see ya|have a (nice|good|great) (day|one)|adi[oó]s|hasta luego|tsch[uü]ss|auf wiedersehen|au revoir|[àa] bient[ôo]t)\b/i;
const IDENTITY =
  /\b(you'?re|you are) (the real \w+|an? (real )?(human|person)|a human being)\b|\bnot an? (ai|bot|robot)\b|\bwhat you (really |actually )?are\b|\bwho (built|made|created|programmed|trained) you\b|\b(written|typed|answered|generated|sent) by (alex|\w+ (himself|herself)|an? (real )?(human|person))\b|\b(is|are) (alex|an? (real )?(human|person)|someone)( personally| himself| herself| really| actually)? (typing|writing|answering|replying|reading)\b|\b(parle|hablo|spreche ich|talking|speaking|chatting)\b.{0,20}\b(vraiment|de verdad|realmente|wirklich|really|actually)\b|\b(vraiment|de verdad|realmente|wirklich|really|actually)\b.{0,10}\b(parle|hablo|spreche|talking|speaking)\b|\b(is (this|it) (really|actually|truly) (you|alex)|who are you|what are you|whose (web)?site( is this)?|who (runs|owns|made) this (web)?site|(are|r) (you|u) (a |an |the )?(real|human|bot|robot|ai|person|chatbot|clone)|am i (talking|speaking|chatting) (to|with)|\bor (just |some |an? )?(bot|ai|robot|chatbot|machine|program)\b|\b(are|r) (you|u) (actually|really|actualy) (alex|\w+ morgan|a person|human|real)\b|is this (a |an )?(bot|ai|real|human)|(eres|es) (un )?(humano|robot|bot|ia)|qui[eé]n eres|wer bist du|qui es-tu|qui [eê]tes-vous|(hablando|hablo) con (una |un )?(ia|bot|robot|humano|persona real|m[aá]quina)|(spreche|rede|schreibe|chatte) ich (mit|gerade mit) (einer |einem )?(echten |richtigen |realen |wirklichen )?(ki|bot|roboter|menschen|person|maschine)|(je parle|parl[eé]-je|suis-je en train de parler) (à|avec) (une |un )?(ia|bot|robot|humain|machine)|(je parle|parl[eé]-je) (au|à|avec) (le )?(vrai|v[ée]ritable)|(hablo|hablando|estoy hablando) con el (verdadero|real|aut[eé]ntico)|(spreche|rede|schreibe) ich (gerade )?mit (dem )?(echten|wirklichen)|bist du (ein )?(mensch|bot|roboter|ki)|(es|êtes)[- ](tu|vous) (un )?(humain|robot|bot|ia))\b/i;

// A visitor introducing themselves: "I'm Sarah from Acme.", "my name is Tom,", "ich bin Jan".
const SELF_INTRODUCTION =
  /\b(my name is|my name's|i am|i'm|this is|me llamo|soy|ich bin|ich hei(ß|ss)e|je suis|je m'appelle)\s+\p{Lu}[\p{L}'-]*(\s+\p{Lu}[\p{L}'-]*)?((\s+(from|at|with|de|von|bei|chez)\s+[\p{L}0-9&.'-]+(\s+\p{Lu}[\p{L}0-9&.'-]*)*)|\s+(here))?[\s,.!;:-]*/gu;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const PHONE = /(\+?\d[\d\s().-]{7,}\d)/g;

// Who is asking, said before a colon: "As a solo founder on a shoestring: is the intro call free?",
// "Quick one from a recruiter: …". The question after it is what to search.
const LEAD_IN =
  /^(?:as an? [^:?]{2,60}|for an? [^:?]{2,60}|from an? [^:?]{2,40}|quick (?:one|q|question)\b[^:?]{0,40}|one (?:more )?(?:quick )?(?:thing|question)\b[^:?]{0,40}|(?:i'?m|we'?re) an? [^:?]{2,60})\s*(?::|\s[—–-])\s+(?=\S)|^(?:i|we|my|our|just)\b[^:?]{3,80}:\s+(?=(?:what|which|who|where|when|why|how|do|does|did|is|are|can|could|would|will|should|have|has)\b(?:(?!\b(?:it|its|that|this|they|them|those|these)\b)[^?])*\?\s*$)/i;

// Spoken fillers and a second greeting carry nothing to search for: "hey hi, so um, like, where'd
// you study?" asks where the owner studied.
const FILLERS =
  /(?:^|(?<=[\s,]))(?:(?:hey|hi|hello|hiya|hmm+|um+|uh+|erm|ähm|äh|euh|genre|o sea|like|you know|i mean|so yeah|kinda|basically)\s*,\s*|(?:um+|uh+|erm|ähm|äh|euh|hmm+)\b\s*)/gi;

function withoutFillers(text: string): string {
  return text
    .replace(FILLERS, '')
    .replace(/\b(where|what|how|who|when|why)'d\b/gi, '$1 did')
    .replace(/^[\s,]+/, '');
}

// A claim tagged on to check it: "what's your highest degree, the MIT PhD right?" The question
// before it is answered from the content, which says whether the claim holds.
const CLAIM_TAG =
  /(?<=\S[^,]{8,}),\s*(?:the |a |an |your |ur )?[^,?]{1,40}?,?\s+(?:right|correct|true|isn'?t it|aren'?t you|yeah)\s*\?\s*$/i;

function greetingLanguage(greeting: string | undefined): Language | undefined {
  if (!greeting) return undefined;
  if (/^(hola|buen[oa]s)/i.test(greeting)) return 'es';
  if (/^(hallo|guten|servus|moin)/i.test(greeting)) return 'de';
  if (/^(bonjour|bonsoir|salut|coucou)/i.test(greeting)) return 'fr';
  return undefined;
}

export function understandMessage(text: string, ownerFirstName: string): VisitorMessage {
  const original = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  const withoutDetails = original
    .replace(EMAIL, ' ')
    .replace(PHONE, ' ')
    .replace(SELF_INTRODUCTION, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const owner = new RegExp(String.raw`^[\s,]*${escapeRegExp(ownerFirstName)}\b`, 'i');
  const greeting = GREETING.exec(withoutDetails);
  const question = withoutFillers(greeting ? withoutDetails.slice(greeting[0].length) : withoutDetails)
    .replace(owner, '')
    .replace(/^[\s!.,:;-]+/, '')
    .replace(LEAD_IN, '')
    .replace(CLAIM_TAG, '?')
    .replace(/^[\s\S]*$/, withoutVisitorContext)
    // "List your certifications" asks what they are, as "tell me" does.
    .replace(/^(please\s+)?(list|enumerate)\b/i, 'tell me')
    .trim();
  // A bare "Bonjour" is too short to detect: its greeting tells the language.
  const language = question
    ? detectLanguage(question)
    : (greetingLanguage(greeting?.[0]) ?? detectLanguage(original));
  // Instructions planted in a question are dropped; the question left, if any, is answered.
  const { honest, hasPlanted: isInjection } = separatePlantedInstructions(question, ownerFirstName);
  const kind = isInjection && !/[\p{L}]{3}/u.test(honest) ? 'injection' : classify(honest, Boolean(greeting));
  if (isInjection && kind !== 'injection')
    return { ...understandMessage(honest, ownerFirstName), hasInjection: true };
  const expanded = expandQuery(question, language);
  return {
    original,
    question: asksClientName(question, ownerFirstName) ? `client names; ${question}` : question,
    ...withVisitorPlace(expanded, question),
    // A name a phrase took up ("the ChatGPT bandwagon") is that phrase's, not a thing to look up.
    names:
      language === 'en'
        ? capitalisedNames(question, ownerFirstName).filter((name) => expanded.query.includes(name))
        : [],
    language,
    hasGreeting: Boolean(greeting),
    kind,
  };
}

// A question after a client's identity ("Which bank did you modernise?", "the real names of your
// clients") also asks what the owner says about naming clients: a clause of its own, searched
// apart so that it is answered beside the project.
const CLIENT = String.raw`(?:clients?|customers?|banks?|insurers?|hospitals?|hospital (?:network|group)s?|compan(?:y|ies)|firms?|manufacturers?|fintechs?|networks?|organi[sz]ations?)`;
const ASKS_CLIENT_NAME = new RegExp(
  [
    String.raw`\b(?:real|actual|true|exact|company|client|customer|legal)\s+names?\b`,
    // "the name of your company" is the owner's own.
    String.raw`\bnames?\s+of\s+(?:the\s+|your\s+|that\s+|this\s+)?(?!(?:your\s+)?compan|firm|organi)${CLIENT}\b(?!\s+(?:i|we)\b)`,
    String.raw`^(?:which|what)\s+(?:specific\s+|exact\s+|actual\s+)?${CLIENT}\s+(?:was|were|is|did)\b`,
    // "Tell me which hospital network the summaries project was for."
    String.raw`\b(?:which|what)\s+(?:[a-z-]+\s+)?${CLIENT}\b[^?]{0,60}\b(?:was|were|is)\b[^?]{0,40}\bfor\s*[?.!]?\s*$`,
    String.raw`\bwho\s+(?:was|were|is)\s+(?:the|that)\s+(?:clients?|customers?)\b`,
    // "Name the insurer", "so name the regional bank", "what's the name of the insurer?"
    String.raw`(?:^|\bso\s+|\bjust\s+|\bnow\s+|[,;:]\s*)(?:please\s+)?(?:name|identify)\s+(?:the|that|your)\s+(?:[a-z-]+\s+)?${CLIENT}\b`,
    String.raw`\bname\s+of\s+the\s+${CLIENT}\b(?!\s+(?:you|that you|which you)\s+(?:contract|work|invoice|bill|run|own|operate|sign)\w*)`,
    // "Name three Fortune 500 clients you've worked for."
    String.raw`\bname\s+(?:[\w-]+\s+){0,3}?(?:clients|customers|companies)\b`,
    String.raw`\b(?:real|actual)\s+${CLIENT}\b`,
  ].join('|'),
  'i',
);
// "Confirm the claims assistant was built for Liberty Mutual", "was the insurer Allianz?": a
// client named to be confirmed (a capitalised name, so case matters here).
const NAMES_A_CLIENT = new RegExp(
  String.raw`\b(?:[Cc]onfirm|[Vv]erify|[Aa]dmit)\b.{0,80}\b(?:built|done|made|delivered|developed|designed|was)\s+for\s+(?<confirmed>\p{Lu}\p{L}+)|\b(?:[Ww]as|[Ii]s)\s+(?:it|that|the\s+${CLIENT}|your\s+${CLIENT})\s+(?<named>\p{Lu}\p{L}+)`,
  'u',
);

function asksClientName(question: string, ownerFirstName: string): boolean {
  if (ASKS_CLIENT_NAME.test(question)) return true;
  const name = NAMES_A_CLIENT.exec(question)?.groups;
  const named = name?.confirmed ?? name?.named;
  return named !== undefined && named !== ownerFirstName;
}

// Where the visitor is ("our team sits in Berlin", "I'm in Tokyo") is context, not the subject.
const VISITOR_PLACE =
  /\b(?:i'm|i am|we're|we are|our (?:team|company|office) (?:is|sits))\s+(?:based\s+|located\s+)?(?:in|from)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?|\b(?:sits?|based|located|living|work(?:ing)?)\s+(?:in|from)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?/gu;

function withVisitorPlace<T extends { understood: string[] }>(expanded: T, question: string): T {
  const place = (question.match(VISITOR_PLACE) ?? []).join(' ');
  return { ...expanded, understood: [...expanded.understood, ...meaningfulTerms(place)] };
}

/** Capitalised words that do not start a sentence: "Do you know SAP ABAP?" gives "sap", "abap". */
function capitalisedNames(question: string, ownerFirstName: string): string[] {
  const owner = new Set(ownerNameWords(ownerFirstName));
  // Where the visitor is ("our team sits in Berlin", "I'm in Tokyo") is context, not the subject.
  // Days, months and holidays are capitalised without being names of things the content might lack.
  const calendarWords =
    /^((monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|january|february|march|april|may|june|july|august|september|october|november|december|christmas|xmas|easter|thanksgiving|hanukkah|new|year'?s?|eve|day)$/i;
  const whereVisitorIs =
    /\b(?:i'm|i am|we're|we are|sits?|sit|based|located|live|living|from)\s+(?:in\s+)?$|\b(?:is|are|'s|'re)\s+in\s+$/i;
  // The tools a call is held on ("or is it strictly Zoom?") are no subject the content must name.
  const callTools = /^(zoom|skype|webex|meet|facetime|whatsapp)$/i;
  // Job titles say who asks ("for our CIO"), not a thing the content must name.
  const titles = /^(ceo|cto|cio|coo|cfo|cmo|ciso|cdo|cmio|cpo|cro|vp|svp|evp)$/i;
  const names = [...question.matchAll(/(?<![.!?:]\s|^)\b\p{Lu}[\p{L}\d+#.-]*/gu)]
    .filter(
      (match) =>
        !whereVisitorIs.test(question.slice(0, match.index)) &&
        !calendarWords.test(match[0]) &&
        !callTools.test(match[0]) &&
        !titles.test(match[0]) &&
        // "Do you speak German?" is answered by the languages spoken, whichever they are.
        !/\bspeak(s|ing)?\s+$/i.test(question.slice(0, match.index)),
    )
    .map((match) => match[0].replace(/[.-]+$/, ''))
    .filter((word) => word !== 'I' && !/^I'/.test(word));
  return [...new Set(names.flatMap((word) => meaningfulTerms(word, owner)))];
}

function classify(question: string, hasGreeting: boolean): VisitorMessage['kind'] {
  if (!question || (!/[\p{L}\d]/u.test(question) && hasGreeting)) return 'greeting';
  if (/^(how are you|how's it going|what's up|wie geht'?s|¿?qu[eé] tal|[çc]a va)\W*$/i.test(question))
    return 'greeting';
  if (INJECTION.test(question)) return 'injection';
  if (THANKS.test(question) && !/\?/.test(question)) return 'thanks';
  if (GOODBYE.test(question) && question.length < 60) return 'goodbye';
  if (IDENTITY.test(question)) return 'identity';
  return 'question';
}

/** The question with its shorthand spelled out and the English words its phrases and language stand for. */
export function expandQuery(
  question: string,
  language: Language,
): { query: string; focus: string; understood: string[] } {
  const lower = question.toLowerCase();
  // "9am" is said as the content writes it, "9 AM".
  const spelled = lower
    .replace(/\b(\d{1,2})(?::00)?\s?([ap])\.?m\b\.?/g, '$1 $2m')
    .split(/(\s+)/)
    .map((word) => {
      const bare = word.replace(/[?!.,;:]+$/, '');
      return SHORTHAND[bare] ?? word;
    })
    .join('');
  // A phrase is replaced by its words: "in this game" must not search for "game".
  // In another language only the lexicon's English words (and numbers) can match English content.
  const source =
    language === 'en'
      ? spelled
      : [...(spelled.match(/\$?\d[\d,.%]*/g) ?? []), translateToEnglish(question, language)].join(' ');
  // Words the lexicon does not know may be cognates ("résultats", "documents"): searched, but
  // not held against what the clone knows when the content has nothing like them.
  const cognates = untranslatedWords(question, language);
  const extra: string[] = [...cognates];
  const understood: string[] = [...cognates.flatMap((word) => meaningfulTerms(word))];
  const rest = PHRASES.reduce((text, [pattern, words, isReplaced]) => {
    const global = new RegExp(pattern.source, 'g');
    const matches = text.match(global);
    if (!matches) return text;
    // "$2"-style words rewrite the phrase in place ("in the hospital world" -> "hospital").
    if (isReplaced && words.includes('$')) return text.replace(global, words);
    extra.push(words);
    understood.push(...meaningfulTerms(matches.join(' ')));
    return isReplaced ? text.replace(global, ' ').replace(/\s+/g, ' ') : text;
  }, source);
  return {
    query: [rest, ...extra].join(' ').replace(/\s+/g, ' ').trim(),
    focus: rest.replace(/\s+/g, ' ').trim(),
    understood,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
