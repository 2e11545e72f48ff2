import { describe, expect, it } from 'vitest';
import { limitSpokenLength, toSpeakableText } from '../../../server/services/voice/speakable-text';

describe('toSpeakableText', () => {
  it('drops Markdown marks, link targets, bullets and code', () => {
    const markdown = [
      '## What I build',
      '',
      "I'm **Alex**, and I design _GenAI_ systems. See [my projects](https://example.com/projects).",
      '- RAG assistants',
      '* Agents with `tools`',
      '1. Evaluation',
      '```ts',
      'const secret = 1;',
      '```',
      '> Quoted advice',
    ].join('\n');
    expect(toSpeakableText(markdown)).toBe(
      "What I build\n\nI'm Alex, and I design GenAI systems. See my projects.\nRAG assistants\nAgents with tools\nEvaluation\n\nQuoted advice",
    );
  });

  it('leaves plain sentences alone', () => {
    expect(toSpeakableText('Hello! 2 * 3 is 6, isn’t it?')).toBe('Hello! 2 3 is 6, isn’t it?');
  });
});

describe('limitSpokenLength', () => {
  it('keeps short text whole', () => {
    expect(limitSpokenLength('One. Two.', 100)).toBe('One. Two.');
  });

  it('cuts after the last sentence that fits', () => {
    expect(limitSpokenLength('First sentence here. Second one is longer than the limit allows.', 40)).toBe(
      'First sentence here.',
    );
  });

  it('cuts at a word with an ellipsis when no sentence ends early enough', () => {
    expect(limitSpokenLength('A very long sentence without any full stop at all', 20)).toBe(
      'A very long sentence…',
    );
  });
});
