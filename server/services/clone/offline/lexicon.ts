import type { Language } from './language';
import { BOOKING } from './lexicon/booking';
import { CAREER } from './lexicon/career';
import { COMMERCE } from './lexicon/commerce';
import { FRENCH } from './lexicon/french';
import { GERMAN } from './lexicon/german';
import { PERSONAL } from './lexicon/personal';
import { PROJECTS } from './lexicon/projects';
import { SPANISH } from './lexicon/spanish';
import { TECH } from './lexicon/tech';
import { compileLexicon, foldGerman, type CompiledLexicon } from './lexicon/translate-word';
import { WORKING } from './lexicon/working';

// The words the offline clone understands in Spanish, German and French: the trade's everyday
// vocabulary for every topic of the content (career, education, how the work runs, services,
// rates, booking, projects, the site's voice plans, life outside work), never the names of this
// owner's projects nor the answers themselves.

type Foreign = Exclude<Language, 'en'>;

/** A topic's words in the three languages. */
export type TopicLexicon = Record<Foreign, Record<string, string>>;

/** Words that mark a language: its function words plus the lexicon's own entries. */
export const FUNCTION_WORDS: Record<Foreign, string> = {
  es: `el la los las un una de del que y en es son eres estas esta estás tienes tiene tengo puedes puede
    cuanto cuanta cuantos cuantas cual cuales como donde cuando por para con mi mis tu tus su sus usted hay
    hola gracias sobre trabajas trabajar haces hace qué quién pero muy también algo alguna algún ofreces
    sería seria contigo desde`,
  de: `der die das den dem des ein eine einen einem ist sind bist du sie ich wir ihr und oder mit für von
    wie wo was wann welche welcher welches wieviel wieviele viel viele kannst können haben hast habe auch
    nicht noch schon hallo danke bitte über arbeitest arbeiten machst gibt es mir mich dich dir bringen
    bringst bringt mitbringen`,
  fr: `le la les un une des du de et est es êtes suis vous tu je nous il elle avec pour dans sur quel quelle
    quels quelles combien comment où quand pourquoi qui que quoi votre vos ton ta tes mon ma mes avez as ai
    bonjour salut merci aussi très faites fais pouvez peux travaillez travailler proposez`,
};

const TOPICS: TopicLexicon[] = [CAREER, WORKING, COMMERCE, BOOKING, TECH, PROJECTS, PERSONAL];
const BASE: Record<Foreign, Record<string, string>> = { es: SPANISH, de: GERMAN, fr: FRENCH };

/**
 * Foreign words (accents folded, lower case) and the English words the content uses for them.
 * A word ending in "*" matches any word starting with it; an entry of several words is a phrase.
 */
export const LEXICON: Record<Foreign, Record<string, string>> = {
  es: merge('es'),
  de: merge('de'),
  fr: merge('fr'),
};

function merge(language: Foreign): Record<string, string> {
  return Object.assign({}, BASE[language], ...TOPICS.map((topic) => topic[language])) as Record<
    string,
    string
  >;
}

export const COMPILED_LEXICON: Record<Foreign, CompiledLexicon> = {
  es: compileLexicon(LEXICON.es, 'es'),
  de: compileLexicon(LEXICON.de, 'de'),
  fr: compileLexicon(LEXICON.fr, 'fr'),
};

/** A phrase of the lexicon: its words ("*" ends a stem) and their English. */
export interface Phrase {
  words: string[];
  english: string;
}

export const PHRASES: Record<Foreign, Phrase[]> = {
  es: phrasesOf(LEXICON.es, 'es'),
  de: phrasesOf(LEXICON.de, 'de'),
  fr: phrasesOf(LEXICON.fr, 'fr'),
};

/** Longest first, so "sur place" is not read as "sur" when "venir sur place" is known. */
function phrasesOf(lexicon: Record<string, string>, language: Foreign): Phrase[] {
  return Object.entries(lexicon)
    .filter(([key]) => key.includes(' '))
    .map(([key, english]) => ({
      words: key.split(/\s+/).map((word) => (language === 'de' ? foldGerman(word) : word)),
      english,
    }))
    .sort((a, b) => b.words.length - a.words.length);
}
