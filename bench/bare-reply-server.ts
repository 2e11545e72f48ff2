// The anchor of the time-to-first-token bench: a bare node:http handler on the app's database that
// does only the read a chat reply needs before its model call (the conversation's history and the
// day's model tokens, in one statement), sends the model a streaming request over a keep-alive
// connection and relays each chunk's text as a `delta` event. No framework, SDK, rate limit or
// write: what any server answering from this database must spend at the least.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../server/db/client';
import { HISTORY_MESSAGES } from '../server/services/chat/send-message';
import { getBudgetDay } from '../server/services/clone/token-budget';
import { getConversationHistoryAndTokensSpent } from '../server/storage/chat-turns';

export async function startBareReplyServer(db: Database, modelUrl: string) {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const { content } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { content: string };
        const id = req.url!.split('/')[2]!;
        const read = await getConversationHistoryAndTokensSpent(
          db,
          id,
          HISTORY_MESSAGES - 1,
          getBudgetDay(new Date()),
        );
        if (!read) return void res.writeHead(404).end();
        const history = read.messages.map((row) => ({ role: row.role, content: row.content }));
        relayModel(agent, modelUrl, [...history, { role: 'user', content }], res);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (conversationId: string) => `${base}/bare/${conversationId}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/**
 * Sends the model a streaming request and relays each chunk's text as a `delta` event. Like the
 * app's model client, a request whose kept-alive connection the model closed as it was sent goes
 * once more on a new one; any other failure ends the visitor's stream.
 */
export function relayModel(
  agent: http.Agent,
  modelUrl: string,
  messages: Array<{ role: string; content: string }>,
  res: http.ServerResponse,
  mayRetry = true,
) {
  const upstream = http.request(
    `${modelUrl}/chat/completions`,
    { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } },
    (answer) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      answer.setEncoding('utf8');
      let pending = '';
      answer.on('data', (text: string) => {
        pending += text;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (!line.startsWith('data: {')) continue;
          const chunk = JSON.parse(line.slice(6)) as { choices: Array<{ delta?: { content?: string } }> };
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) res.write(`event: delta\ndata: ${JSON.stringify({ text: delta })}\n\n`);
        }
      });
      answer.on('end', () => res.end('event: done\ndata: {}\n\n'));
    },
  );
  upstream.on('error', (failure) =>
    mayRetry && !res.headersSent ? relayModel(agent, modelUrl, messages, res, false) : res.destroy(failure),
  );
  upstream.end(JSON.stringify({ model: 'bare', stream: true, messages }));
}
