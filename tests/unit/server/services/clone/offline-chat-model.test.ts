import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_WINDOW_WEEKDAYS } from '../../../../../shared/booking';
import { formatPrice } from '../../../../../shared/plans';
import type { ChatTurn, ReplyOutcome } from '../../../../../server/services/clone/chat-model';
import { composeReply } from '../../../../../server/services/clone/engine/compose';
import { buildKnowledge, type Knowledge } from '../../../../../server/services/clone/engine/knowledge';
import {
  createOfflineChatModel,
  splitIntoWords,
} from '../../../../../server/services/clone/offline-chat-model';
import { withSiteKnowledge } from '../../../../../server/services/clone/site-knowledge';
import { loadContent, type OwnerContent } from '../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

// The offline clone as the site builds it (an owner's content plus the site's own document),
// on two owners of different trades and currencies: what it streams, and what the site offers.
describe.each(['alex-morgan', 'ines-carvalho'])('the offline chat model for %s', (slug) => {
  let owner: OwnerContent;
  let content: OwnerContent;
  let knowledge: Knowledge;
  beforeAll(async () => {
    owner = await loadContent(fixtureOwnerDir(slug));
    content = withSiteKnowledge(owner);
    knowledge = buildKnowledge(content);
  });

  const reply = (question: string) => composeReply([{ role: 'user', content: question }], knowledge);

  async function stream(question: string, signal?: AbortSignal) {
    const model = createOfflineChatModel(content, { wordDelayMs: 0 });
    const outcomes: ReplyOutcome[] = [];
    const pieces: string[] = [];
    const history: ChatTurn[] = [{ role: 'user', content: question }];
    for await (const piece of model.streamReply(history, { signal, onOutcome: (o) => outcomes.push(o) })) {
      pieces.push(piece);
    }
    return { model, pieces, outcomes };
  }

  it('streams the composed reply word by word, and reports it answered once, with the sections it quoted', async () => {
    const { model, pieces, outcomes } = await stream('What are your rates?');
    expect(model.name).toBe('offline');
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(reply('What are your rates?').text);
    const { sectionIds } = reply('What are your rates?');
    expect(sectionIds.length).toBeGreaterThan(0);
    expect(outcomes).toEqual([{ isAnswered: true, answered: sectionIds }]);
  });

  it('reports a question it cannot answer as not answered', async () => {
    const { pieces, outcomes } = await stream("What's the weather in Reykjavik today?");
    expect(pieces.join('')).toBe(reply("What's the weather in Reykjavik today?").text);
    expect(outcomes).toEqual([{ isAnswered: false, answered: [] }]);
  });

  it('stops when the signal aborts, without an outcome', async () => {
    const controller = new AbortController();
    const model = createOfflineChatModel(content, { wordDelayMs: 0 });
    const pieces: string[] = [];
    const outcomes: ReplyOutcome[] = [];
    const history: ChatTurn[] = [{ role: 'user', content: 'What are your rates?' }];
    for await (const piece of model.streamReply(history, {
      signal: controller.signal,
      onOutcome: (outcome) => outcomes.push(outcome),
    })) {
      pieces.push(piece);
      if (pieces.length === 3) controller.abort();
    }
    expect(pieces).toHaveLength(3);
    expect(outcomes).toEqual([]);
  });

  it('streams nothing for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const { pieces, outcomes } = await stream('What are your rates?', controller.signal);
    expect(pieces).toEqual([]);
    expect(outcomes).toEqual([]);
  });

  it("quotes the owner's voice plans in the owner's currency", () => {
    const { text, isAnswered } = reply('How much are the voice plans?');
    expect(isAnswered).toBe(true);
    for (const plan of owner.plans.plans) {
      expect(text).toContain(plan.name);
      expect(text).toContain(formatPrice(plan.price, owner.plans.currency, 'en-US'));
    }
  });

  it('tells the booking window', () => {
    const { text, isAnswered } = reply('How far ahead can I book a call?');
    expect(isAnswered).toBe(true);
    expect(text).toContain(`next ${BOOKING_WINDOW_WEEKDAYS} weekdays`);
  });
});

it('splits text into words that join back exactly', () => {
  const text = '**Rates**\n\n- $200 per hour,  billed monthly.\n';
  expect(splitIntoWords(text).join('')).toBe(text);
  expect(splitIntoWords(text)).toHaveLength(7);
});
