import { describe, expect, it } from 'vitest';
import {
  limitSpokenLength,
  toSpeakableText,
  toSpokenText,
} from '../../../../../server/services/voice/speakable-text';

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
      "What I build\n\nI'm Alex, and I design GenAI systems. See my projects.\nRAG assistants.\nAgents with tools.\nEvaluation.\n\nQuoted advice",
    );
  });

  it('ends each list item as a sentence, so spoken items are not run together', () => {
    const spoken = toSpeakableText('I offer:\n- **Cloud migration**\n- Data quality.\n- Audits, reviews,');
    expect(spoken).toBe('I offer:\nCloud migration.\nData quality.\nAudits, reviews,');
  });

  it('leaves plain sentences alone', () => {
    expect(toSpeakableText('Hello! 2 * 3 is 6, isn’t it?')).toBe('Hello! 2 3 is 6, isn’t it?');
  });
});

describe('toSpokenText', () => {
  it.each([
    ['$200', '200 dollars'],
    ['$25,000-$60,000', '25,000 to 60,000 dollars'],
    ['typically $25k–$60k', 'typically 25 to 60 thousand dollars'],
    ['$500k-$1M', '500 thousand to 1 million dollars'],
    ['$6,500 per month', '6,500 dollars a month'],
    ['$200 per hour', '200 dollars an hour'],
    ['$29/month', '29 dollars a month'],
    ['€3,500 per day', '3,500 euros a day'],
    ['a 15% discount', 'a 15 percent discount'],
    ['2-3 weeks', '2 to 3 weeks'],
    ['teams of 5–12 engineers', 'teams of 5 to 12 engineers'],
    ['9:00-12:00 or 14:00-18:00', '9 to 12 or 14 to 18'],
    ['9 AM-12 PM', '9 AM to 12 PM'],
    ['p95 latency', '95th percentile latency'],
    ['~2 seconds', 'about 2 seconds'],
    ['100+ enterprise solutions', 'more than 100 enterprise solutions'],
    ['e.g. RAG, agents, etc.', 'for example RAG, agents, and so on'],
    ['Call me on 2024-05-01', 'Call me on 2024-05-01'],
    ['Use the "Schedule call" button below the chat.', 'Use the booking form on my website.'],
    ['Click the Schedule call button.', 'Click the booking form on my website.'],
    ['Talk to me on the Voice Call page.', 'Talk to me on the Voice Call page.'],
  ])('says %j as %j', (written, spoken) => {
    expect(toSpokenText(written)).toBe(spoken);
  });

  it('drops Markdown as toSpeakableText does, then speaks the prices', () => {
    expect(
      toSpokenText('## Rates\n- **Hourly advisory work:** $200 per hour, billed in 15-minute increments.'),
    ).toBe('Rates\nHourly advisory work: 200 dollars an hour, billed in 15-minute increments.');
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
