import { describe, expect, it } from 'vitest';
import {
  encodeCompletionBody,
  type CompletionBody,
} from '../../../../../server/services/clone/completion-body';

const decode = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as unknown;

describe('encodeCompletionBody', () => {
  const options = {
    model: 'gpt-test',
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: 300,
  };
  const system = { role: 'system' as const, content: 'I am "Inês" — consultora\nem Lisboa.\u2028' };

  it('gives the JSON of the request, whatever its messages and options', () => {
    const bodies: CompletionBody[] = [
      { messages: [system, { role: 'user', content: 'Olá! "quotes" \\ and é' }], ...options },
      { messages: [system], ...options },
      { messages: [system, { role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }] },
      { messages: [{ role: 'user', content: 'no system message' }], ...options },
      { messages: [], ...options },
    ];
    for (const body of bodies) expect(decode(encodeCompletionBody(body))).toEqual(body);
  });

  it('keeps the system message of the last request, and follows a new one', () => {
    const first = encodeCompletionBody({ messages: [system, { role: 'user', content: 'one' }], ...options });
    const again = encodeCompletionBody({ messages: [system, { role: 'user', content: 'two' }], ...options });
    expect(decode(again)).toMatchObject({ messages: [system, { content: 'two' }] });
    expect(first.subarray(0, 40).equals(again.subarray(0, 40))).toBe(true);
    const changed = { role: 'system' as const, content: 'Another owner answers now.' };
    const other = encodeCompletionBody({
      messages: [changed, { role: 'user', content: 'three' }],
      ...options,
    });
    expect(decode(other)).toEqual({ messages: [changed, { role: 'user', content: 'three' }], ...options });
  });
});
