// Which language a sentence is in, told by counting common function words: enough to tell whether
// a reply opens in the visitor's language, with no model and no dependency. Words shared by two
// languages ("de", "la", "en", "un") count for both, so a tie means "cannot tell". Portuguese,
// Italian and Dutch list only words the first four lack, so they never tie with those.

export type Language = 'en' | 'es' | 'de' | 'fr' | 'pt' | 'it' | 'nl';

const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  en: wordSet(
    'the and is are was i my me you your of to for with have has it this that we our on at be can do what how years hi yes',
  ),
  es: wordSet(
    'de la que qué el en y mi mis me te tu tus lo se tengo soy es estoy por con para los las un una del al años puedo trabajo hola sí también pero más muy cómo este esta hay son',
  ),
  de: wordSet(
    'ich und der die das ist es mit für bin habe nicht ein eine einen zu von auf den dem sie wir du dir mich mir mein meine bei auch jahre hallo ja gerne gern sehr kann wie was',
  ),
  fr: wordSet(
    'je j et le la les de d l est suis pour avec mon ma mes ai un une des du au vous votre vos nous ne n pas qui sur dans ce c cette mais très ans bonjour oui aussi',
  ),
  pt: wordSet(
    'o a os as e é da dos em no na um uma com meu minha você o senhor não sim eu tenho sou estou mas muito também isso olá obrigado são anos pelo pela ao',
  ),
  it: wordSet(
    'di il gli che e è della dei in nel nella per mio mia lei io ho sono non sì molto anche questo ciao grazie anni dal alla',
  ),
  nl: wordSet(
    'het een ik mijn u uw jij van voor met niet maar ook heel dit dat zijn ben heb wij bedankt jaar op aan bij',
  ),
};

function wordSet(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/));
}

const LANGUAGES = Object.keys(FUNCTION_WORDS) as Language[];

/** The language with the most function words in `text`; undefined when none wins outright. */
export function detectLanguage(text: string): Language | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const scores = LANGUAGES.map((language) => ({
    language,
    score: words.filter((word) => FUNCTION_WORDS[language].has(word)).length,
  })).sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score === 0 || best.score === second?.score) return undefined;
  return best.language;
}

/** Sentences this short ("¡Claro!", "Sure.") say too little; the opening runs on until this many words. */
const MIN_OPENING_WORDS = 4;

/**
 * The reply's opening: its first sentence, Markdown marks removed, extended by the next sentences
 * while it has fewer than MIN_OPENING_WORDS words.
 */
export function openingSentence(reply: string): string {
  const plain = reply
    .replace(/^[ \t]*(?:#{1,6}|[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/[*_`>]/g, '')
    .trim();
  const sentences = plain.match(/[^.!?\n]+(?:[.!?]+|\n|$)/g) ?? [];
  let opening = '';
  for (const sentence of sentences) {
    opening = `${opening} ${sentence.trim()}`.trim();
    if (opening.split(/\s+/).length >= MIN_OPENING_WORDS) break;
  }
  return opening;
}
