import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  languageSchema,
  readLanguageFile,
} from '../../../../../../server/services/clone/engine/language-data';

// The server reads the data files without checking them (language-data.ts): this is their check.
describe('the language data files', () => {
  it.each(LANGUAGES.map(({ code }) => code))('%s.json is written to the schema', (code) => {
    const result = languageSchema.safeParse(readLanguageFile(code));
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data?.code).toBe(code);
  });
});
