import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/e2e';

// The built server as a process: graceful shutdown and data kept across a restart (PGlite).
describe('the server process', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    // The newest first: they share one data folder.
    for (const server of servers.reverse()) await server.stop();
  });

  it('finishes a reply in flight on SIGTERM, exits 0, and starts again with the conversation kept', async () => {
    const first = await startServer();
    servers.push(first);
    const created = await fetch(`${first.url}/api/conversations`, { method: 'POST' });
    const { id } = (await created.json()) as { id: string };
    // The chat belongs to the browser key its creation set.
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0]!;

    // The offline clone streams word by word, so the reply is still running when SIGTERM comes.
    const res = await fetch(`${first.url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
      body: JSON.stringify({ content: 'Tell me about your projects' }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let stream = '';
    while (!stream.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${stream}`);
      stream += decoder.decode(value, { stream: true });
    }
    const exitCode = first.terminate();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stream += decoder.decode(value, { stream: true });
    }
    expect(stream).toContain('event: done');
    expect(await exitCode).toBe(0);

    const second = await startServer({}, { dataDir: first.dataDir });
    servers.push(second);
    const messages = (await (
      await fetch(`${second.url}/api/conversations/${id}/messages`, { headers: { Cookie: cookie } })
    ).json()) as Array<{
      role: string;
      content: string;
    }>;
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(messages[0]?.content).toBe('Tell me about your projects');
  });
});
