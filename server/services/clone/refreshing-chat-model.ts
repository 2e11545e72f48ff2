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
    streamReply: (history, options) =>
      delegateOnceOpen(async () => (await current()).streamReply(history, options)),
  };
}

/**
 * The stream `open` resolves to, read straight from its own iterator once it is open: a generator
 * that only passed each delta on (`yield*`) cost a few promises and objects per delta.
 */
function delegateOnceOpen<T>(open: () => Promise<AsyncIterable<T>>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      let opening: Promise<AsyncIterator<T>> | undefined;
      let opened: AsyncIterator<T> | undefined;
      return {
        next: () =>
          opened
            ? opened.next()
            : (opening ??= open().then((stream) => stream[Symbol.asyncIterator]())).then((iterator) =>
                (opened = iterator).next(),
              ),
        // Stopped before it opened: the stream is never asked for.
        return: async (value?: unknown) => {
          const iterator = opened ?? (await opening);
          return (await iterator?.return?.(value)) ?? { value, done: true };
        },
      } as AsyncIterator<T>;
    },
  };
}
