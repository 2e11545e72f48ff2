import { describe, expect, it } from 'vitest';
import { isStorableText, text } from '../../../shared/text';

describe('text fields', () => {
  it.each([
    ['a NUL character', 'Jane\u0000'],
    ['an unpaired high surrogate', 'Jane \ud83d'],
    ['an unpaired low surrogate', '\ude00 Jane'],
    ['two high surrogates', '\ud83d\ud83d\ude00'],
  ])('refuses %s', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(text().safeParse(value).success).toBe(false);
  });

  it.each([
    ['plain text', 'Jane Visitor'],
    ['an emoji (a surrogate pair)', 'Hi 😀'],
    ['accents and CJK', 'Zoë 李'],
    ['empty', ''],
  ])('accepts %s', (_name, value) => {
    expect(isStorableText(value)).toBe(true);
    expect(text().safeParse(value).success).toBe(true);
  });

  it('keeps the usual string checks chainable', () => {
    const name = text({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.');
    expect(name.parse('  Jane ')).toBe('Jane');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Please enter your name.');
  });
});
