import type { OwnerContent } from '../content/load-content';
import type { ChatModel } from './chat-model';
import type { CloneKnowledgeSource } from './owner-answers-knowledge';

/**
 * The clone, rebuilt (its knowledge index and prompt) when what it knows changes: before each
 * reply it asks `source` for the content, which costs nothing between the source's checks, and
 * builds a new model only when it got another content. A reply already streaming finishes with
 * the model it started with. A rebuilt paid model starts with a fresh circuit breaker; the day's
 * token budget is in the database and carries over.
 */
export function createRefreshingChatModel(
  initialContent: OwnerContent,
  source: CloneKnowledgeSource,
  build: (content: OwnerContent) => ChatModel,
): ChatModel {
  let builtFor = initialContent;
  let model = build(initialContent);

  const current = async (): Promise<ChatModel> => {
    const content = await source.getContent();
    if (content !== builtFor) {
      builtFor = content;
      model = build(content);
    }
    return model;
  };

  return {
    name: model.name,
    // Whether the model can refuse is decided by configuration, which no rebuild changes.
    ...(model.assertAvailable && {
      assertAvailable: (known: Parameters<NonNullable<ChatModel['assertAvailable']>>[0]) =>
        model.assertAvailable!(known),
    }),
    async *streamReply(history, options) {
      yield* (await current()).streamReply(history, options);
    },
  };
}
