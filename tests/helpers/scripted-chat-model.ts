import type { ChatModel } from '../../server/services/clone/chat-model';

/**
 * A chat model for tests that are about what the server does with a reply, not about the clone's
 * wording: it streams `reply` in two deltas, then reports the outcome `isAnswered` gives for the
 * visitor's message (or none, when it returns undefined, like a model from before outcomes).
 */
export function createScriptedChatModel(
  isAnswered: (message: string) => boolean | undefined,
  reply = 'A fixed reply from the scripted clone.',
): ChatModel {
  return {
    name: 'scripted',
    async *streamReply(history, options) {
      const middle = Math.ceil(reply.length / 2);
      yield reply.slice(0, middle);
      yield reply.slice(middle);
      const outcome = isAnswered(history.at(-1)?.content ?? '');
      if (outcome !== undefined) options?.onOutcome?.({ isAnswered: outcome });
    },
  };
}
