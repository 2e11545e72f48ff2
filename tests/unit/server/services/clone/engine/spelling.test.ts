import { describe, expect, it } from 'vitest';
import { correctWord } from '../../../../../../server/services/clone/engine/spelling';

describe('reading a misspelt word as a word of the content', () => {
  const vocabulary = new Set(['discount', 'discounts', 'project', 'experience', 'languages', 'part', 'port']);

  it('corrects one slip in a short word and two in a long one, keeping the first letter', () => {
    expect(correctWord('experiense', vocabulary)).toBe('experience');
    expect(correctWord('langugaes', vocabulary)).toBe('languages');
    expect(correctWord('xperience', vocabulary)).toBe('xperience');
  });

  it('writes in the vowels a chat message leaves out, when one word of the content fits', () => {
    expect(correctWord('discnt', vocabulary)).toBe('discount');
    expect(correctWord('prjct', vocabulary)).toBe('project');
    expect(correctWord('exprnc', vocabulary)).toBe('experience');
    // Too short to tell "part" from "port".
    expect(correctWord('prt', vocabulary)).toBe('prt');
  });
});
