import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReplyOutcome } from '../../../../../server/services/clone/chat-model';
import { frame, getLanguage } from '../../../../../server/services/clone/engine/language-data';
import { loadContent, type OwnerContent } from '../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

// An engine fault that composes an empty reply (a follow-up on the site's plans list once did) must not
// reach the visitor as an error: the clone says it does not know, and the fault is logged.
const { warn } = vi.hoisted(() => ({ warn: vi.fn() }));
vi.mock('../../../../../server/services/clone/engine/compose', () => ({
  composeReply: () => ({ text: ' ', isAnswered: true, sectionIds: ['site (generated)#3'] }),
}));
vi.mock('../../../../../server/lib/logger', () => ({ logger: { warn, info: vi.fn(), error: vi.fn() } }));
const { createOfflineChatModel } = await import('../../../../../server/services/clone/offline-chat-model');

describe('the offline chat model, when the engine composes nothing', () => {
  let content: OwnerContent;
  beforeAll(async () => {
    content = await loadContent(fixtureOwnerDir('ines-carvalho'));
  });

  it('answers "I don\'t know" in the visitor\'s language, reports the question unanswered and logs no message text', async () => {
    const model = createOfflineChatModel(content, { wordDelayMs: 0 });
    const outcomes: ReplyOutcome[] = [];
    const question = '¿Cuánto costaría el plan más popular durante doce meses?';
    let text = '';
    for await (const piece of model.streamReply([{ role: 'user', content: question }], {
      onOutcome: (outcome) => outcomes.push(outcome),
    }))
      text += piece;
    expect(text.startsWith(frame(getLanguage('es'), 'dontKnow'))).toBe(true);
    expect(outcomes).toEqual([{ isAnswered: false, answered: [] }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('doce meses');
  });
});
