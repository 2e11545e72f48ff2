import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORD_DELAY_MS } from '../../server/services/clone/offline-chat-model';
import { useTestApp } from '../helpers/test-app';
import { chatApi } from '../helpers/conversations-sse';

// JSON answers are compressed as the client accepts; the chat's event stream never is, so each
// token leaves the server as it is produced.

describe('response compression', () => {
  // The offline clone's pause between words: the stream test counts the pieces that leave apart.
  const ctx = useTestApp({ wordDelayMs: DEFAULT_WORD_DELAY_MS });
  const { createConversation, cookieOf } = chatApi(() => ctx.app);

  it('compresses JSON with brotli or gzip, as the client accepts, and varies on it', async () => {
    const br = await request(ctx.app)
      .get('/api/profile')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.name).toBe(ctx.content.profile.name);
    const plainLength = Buffer.byteLength(JSON.stringify(br.body));
    expect(Number(br.headers['content-length'])).toBeLessThan(plainLength * 0.6);

    const gzip = await request(ctx.app).get('/api/profile').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(br.body);

    const plain = await request(ctx.app).get('/api/profile').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plainLength);
  });

  it('leaves small answers and error bodies below a kilobyte as they are', async () => {
    const health = await request(ctx.app).get('/api/health').set('Accept-Encoding', 'br').expect(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await request(ctx.app).get('/api/nope').set('Accept-Encoding', 'br').expect(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('streams a reply uncompressed, in several pieces before the end, to a client that accepts brotli', async () => {
    const id = await createConversation();
    const server = http.createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          'Accept-Encoding': 'br, gzip',
          Cookie: cookieOf(id),
        },
        body: JSON.stringify({ content: 'What kind of AI solutions have you built for enterprises?' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      let piecesBeforeEnd = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        if (!received.includes('event: done')) piecesBeforeEnd += 1;
      }
      expect(received).toContain('event: done');
      expect(piecesBeforeEnd).toBeGreaterThanOrEqual(3);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
