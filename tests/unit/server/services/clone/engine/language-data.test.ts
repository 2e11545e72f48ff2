import { describe, expect, it } from 'vitest';
import {
  getLanguage,
  LANGUAGES,
  languageSchema,
  readLanguageFile,
} from '../../../../../../server/services/clone/engine/language-data';
import { englishOf } from '../../../../../../server/services/clone/engine/translate';

// The server reads the data files without checking them (language-data.ts): this is their check.
describe('the language data files', () => {
  it.each(LANGUAGES.map(({ code }) => code))('%s.json is written to the schema', (code) => {
    const result = languageSchema.safeParse(readLanguageFile(code));
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data?.code).toBe(code);
  });

  // A possessive that is no stop word counts as a topic word the notes lack ("il nostro team").
  it.each(LANGUAGES.map(({ code }) => code))('%s.json lists its possessives among its stop words', (code) => {
    const data = readLanguageFile(code);
    const stopWords = new Set(data.stopWords.split(/\s+/));
    const possessives = [...(data.possessives?.yours ?? []), ...(data.possessives?.mine ?? [])];
    expect(possessives.filter((word) => !stopWords.has(word))).toEqual([]);
  });

  // "un atelier de deux jours": a number written as a word is read as the English one, not as a
  // topic the notes lack.
  it.each([
    ['es', 'dos', 'siete', 'doce'],
    ['fr', 'deux', 'sept', 'douze'],
    ['de', 'zwei', 'sieben', 'zwölf'],
    ['pt', 'dois', 'sete', 'doze'],
    ['it', 'due', 'sette', 'dodici'],
    ['nl', 'twee', 'zeven', 'twaalf'],
  ])('%s reads its number words as English ones', (code, two, seven, twelve) => {
    const language = getLanguage(code);
    expect([two, seven, twelve].map((word) => englishOf(language, word))).toEqual(['two', 'seven', 'twelve']);
  });
});
