import type { PromptMessage } from './build-prompt';

/** A chat completions request: its messages and its options (model, stream, max_tokens...). */
export interface CompletionBody {
  messages: PromptMessage[];
  [option: string]: unknown;
}

// The system message (persona, profile, knowledge and rules: about 20 kB) is the same string for
// every message of a day, so its JSON is kept as bytes and a request serialises only the history
// and the options: at hundreds of replies at once, each leaves about 60 kB less garbage (the
// JSON string, its bytes, the joined prompt) for the young generation's collections to copy.
let kept: { system: string; head: Buffer } | undefined;

/** The request's JSON as bytes: `{"messages":[…],…options}`. */
export function encodeCompletionBody({ messages, ...options }: CompletionBody): Buffer {
  const [first, ...rest] = messages;
  if (first?.role !== 'system') return Buffer.from(JSON.stringify({ messages, ...options }));
  if (kept?.system !== first.content)
    kept = { system: first.content, head: Buffer.from(`{"messages":[${JSON.stringify(first)}`) };
  const optionsJson = JSON.stringify(options);
  const tail = `${rest.map((message) => `,${JSON.stringify(message)}`).join('')}]${optionsJson === '{}' ? '' : `,${optionsJson.slice(1, -1)}`}}`;
  return Buffer.concat([kept.head, Buffer.from(tail)]);
}
