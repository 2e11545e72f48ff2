import { describe, expect, it } from 'vitest';
import type { ChatModel } from '../../../../../server/services/clone/chat-model';
import type { CloneKnowledgeSource } from '../../../../../server/services/clone/owner-answers-knowledge';
import { createRefreshingChatModel } from '../../../../../server/services/clone/refreshing-chat-model';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// The clone rebuilt when what it knows changes, its stream read straight from the model it opened.

function fakeModel(name: string, events: string[]): ChatModel {
  return {
    name,
    async *streamReply() {
      events.push(`${name} opened`);
      try {
        for (const word of ['one ', 'two ', 'three']) yield `${name}:${word}`;
      } finally {
        events.push(`${name} closed`);
      }
    },
  };
}

function setUp() {
  const events: string[] = [];
  const first = { profile: { name: 'First' } } as unknown as OwnerContent;
  let content = first;
  const source = {
    getContent: async () => {
      events.push('content read');
      return content;
    },
    markChanged: () => {},
  } as unknown as CloneKnowledgeSource;
  const model = createRefreshingChatModel(first, source, (built) => fakeModel(built.profile.name, events));
  const change = (name: string) => (content = { profile: { name } } as unknown as OwnerContent);
  return { model, events, change };
}

describe('createRefreshingChatModel', () => {
  it("streams the current model's reply, and a new model's once the content changed", async () => {
    const { model, events, change } = setUp();
    let text = '';
    for await (const delta of model.streamReply([{ role: 'user', content: 'hi' }])) text += delta;
    expect(text).toBe('First:one First:two First:three');
    change('Second');
    const iterator = model.streamReply([{ role: 'user', content: 'hi' }])[Symbol.asyncIterator]();
    const deltas: string[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) deltas.push(next.value);
    expect(deltas).toEqual(['Second:one ', 'Second:two ', 'Second:three']);
    expect(events).toEqual([
      'content read',
      'First opened',
      'First closed',
      'content read',
      'Second opened',
      'Second closed',
    ]);
  });

  it('closes the opened stream when its reader stops, and opens none for a reader that never read', async () => {
    const { model, events } = setUp();
    const unread = model.streamReply([{ role: 'user', content: 'hi' }])[Symbol.asyncIterator]();
    expect(await unread.return?.()).toEqual({ value: undefined, done: true });
    expect(events).toEqual([]);

    for await (const delta of model.streamReply([{ role: 'user', content: 'hi' }])) {
      expect(delta).toBe('First:one ');
      break;
    }
    expect(events).toEqual(['content read', 'First opened', 'First closed']);
  });
});
