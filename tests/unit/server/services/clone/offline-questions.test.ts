import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// How the questions of one message are read: who is asking said before a colon, a question that
// points back at the one before it, a line two answers share said once. Real content/ plus the
// site's generated knowledge.

let clone: { content: OwnerContent; index: KnowledgeIndex };
beforeAll(async () => {
  clone = await loadOfflineClone();
});

const ask = (question: string) => converseWith(clone, question).reply;

describe('offline clone: the questions of one message', () => {
  it('answers the question after a lead-in that says who is asking', () => {
    const reply = ask('As a solo founder on a shoestring: is the first intro call free, and how long is it?');
    expect(reply.text).toMatch(/Free 30-minute intro call/);
    expect(reply.text).not.toMatch(/proof of concept|production system/);
    expect(
      ask(
        'For a profile I am writing: roughly how many enterprise solutions have you delivered in your career?',
      ).text,
    ).toMatch(/^I'm Alex Morgan, an AI Solutions Architect with 20 years of experience and 100\+ enterprise/);
  });

  it('reads "what does it run?" as the price, and says a line two answers share once', () => {
    const reply = ask(
      "We need senior architecture steering on an ongoing basis but can't justify a full-time headcount. What arrangement do you offer for that, and what does it run?",
    );
    expect(reply.text).toMatch(/Fractional AI architect:\*\* ongoing architecture leadership/);
    expect(reply.text).toMatch(/\$6,500 per month/);
    expect(reply.text.match(/ongoing architecture leadership/g)).toHaveLength(1);
  });
});
