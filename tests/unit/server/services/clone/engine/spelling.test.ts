import { describe, expect, it } from 'vitest';
import { correctWord, splitJoinedWords, withMissingLetter } from '../../../../../../server/services/clone/engine/spelling';

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

describe('reading words typed as one', () => {
  const words = new Set(['day', 'rate', 'work', 'booking', 'some', 'times']);

  it('writes apart two words of the content', () => {
    expect(splitJoinedWords('whats ur dayrate', words)).toBe('whats ur day rate');
    expect(splitJoinedWords('in the workday', words)).toBe('in the work day');
  });

  it('leaves a word the content or the language knows, and one with no two words in it', () => {
    expect(splitJoinedWords('booking sometimes', words)).toBe('booking sometimes');
    expect(splitJoinedWords('bookworm', words)).toBe('bookworm');
  });
});

describe('reading a three-letter slip as a function word', () => {
  const functionWords = new Set(['have', 'that', 'than', 'were', 'with', 'what']);

  it('writes in the one letter left out when one function word fits', () => {
    expect(withMissingLetter('hav', functionWords)).toBe('have');
    expect(withMissingLetter('wer', functionWords)).toBe('were');
    expect(withMissingLetter('wht', functionWords)).toBe('what');
    expect(withMissingLetter('hve', functionWords)).toBe('have');
  });

  it('leaves a word two function words fit, and words of other lengths', () => {
    // "tha" could be "that" or "than".
    expect(withMissingLetter('tha', functionWords)).toBeUndefined();
    expect(withMissingLetter('xyz', functionWords)).toBeUndefined();
    expect(withMissingLetter('havee', functionWords)).toBeUndefined();
  });
});
