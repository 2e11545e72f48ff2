import type { Language } from './language';
import { FRENCH } from './lexicon/french';
import { GERMAN } from './lexicon/german';
import { SPANISH } from './lexicon/spanish';

// The words the offline clone understands in Spanish, German and French: the trade's everyday
// vocabulary for the headline topics (experience, location, rates, availability, services,
// projects, booking, languages...), never the names of this owner's projects.

/** Words that mark a language: its function words plus the lexicon's own entries. */
export const FUNCTION_WORDS: Record<Exclude<Language, 'en'>, string> = {
  es: `el la los las un una de del que y en es son eres estas esta estás tienes tiene tengo puedes puede
    cuanto cuanta cuantos cuantas cual cuales como donde cuando por para con mi mis tu tus su sus usted hay
    hola gracias sobre trabajas trabajar haces hace qué quién pero muy también algo alguna algún ofreces`,
  de: `der die das den dem des ein eine einen einem ist sind bist du sie ich wir ihr und oder mit für von
    wie wo was wann welche welcher welches wieviel wieviele viel viele kannst können haben hast habe auch
    nicht noch schon hallo danke bitte über arbeitest arbeiten machst gibt es mir mich dich dir`,
  fr: `le la les un une des du de et est es êtes suis vous tu je nous il elle avec pour dans sur quel quelle
    quels quelles combien comment où quand pourquoi qui que quoi votre vos ton ta tes mon ma mes avez as ai
    bonjour salut merci aussi très faites fais pouvez peux travaillez travailler proposez`,
};

/**
 * Foreign words (accents folded, lower case) and the English words the content uses for them.
 * A word ending in "*" matches any word starting with it.
 */
export const LEXICON: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  es: SPANISH,
  de: GERMAN,
  fr: FRENCH,
};
