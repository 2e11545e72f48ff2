import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../server/middleware/compress-responses';
import { errorHandler } from '../../server/middleware/error-handler';
import type { PageRenderer } from '../../server/render-pages';
import { createStaticClient } from '../../server/static-client';

// The built client as the server sends it: precompressed files negotiated on Accept-Encoding,
// hashed assets cached for a year, a missing asset a 404, and pages rendered with their status.

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
let publicDir: string;
let app: express.Express;

// supertest decodes brotli and gzip bodies itself: the copy sent shows in Content-Length.

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-client-'));
  fs.mkdirSync(path.join(publicDir, 'assets'));
  fs.mkdirSync(path.join(publicDir, '.vite'));
  const script = path.join(publicDir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  fs.writeFileSync(path.join(publicDir, 'assets', 'logo-1.png'), Buffer.from([137, 80, 78, 71]));
  fs.writeFileSync(path.join(publicDir, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(publicDir, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(publicDir, '.vite', 'manifest.json'), '{}');

  const pages: PageRenderer = {
    warm: async () => undefined,
    render: async (url) => ({
      status: url.startsWith('/nope') ? 404 : 200,
      html: `<!doctype html><main>${url} ${'page text '.repeat(300)}</main>`,
    }),
  };
  app = express();
  app.use(compressResponses);
  createStaticClient(publicDir, pages)(app);
  app.use(errorHandler);
});

afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe('the built client', () => {
  it('sends the brotli copy of a script to a browser that accepts it, cached for a year', async () => {
    const res = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip copy, or the file itself, as the browser accepts', async () => {
    const gzip = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzipSync(SCRIPT).length);
    expect(gzip.text).toBe(SCRIPT);
    const plain = await request(app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.text).toBe(SCRIPT);
    const head = await request(app).head('/assets/index-abc123.js').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('sends files without a compressed copy as they are, other files cached for an hour', async () => {
    const png = await request(app).get('/assets/logo-1.png').set('Accept-Encoding', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    const robots = await request(app).get('/robots.txt').set('Accept-Encoding', 'br');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.text).toBe('User-agent: *\n');
  });

  it('answers 404 for a missing asset', async () => {
    const res = await request(app).get('/assets/index-gone.js').expect(404);
    expect(res.body.message).toMatch(/No file/);
  });

  it('never sends the page template or the build manifest as files', async () => {
    const template = await request(app).get('/index.html');
    expect(template.text).toContain('<main>/index.html');
    const manifest = await request(app).get('/.vite/manifest.json');
    expect(manifest.text).toContain('<main>/.vite/manifest.json');
  });

  it('sends rendered pages compressed, not cached, with their status', async () => {
    const home = await request(app).get('/').set('Accept-Encoding', 'br');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    const missing = await request(app).get('/nope/page').set('Accept-Encoding', 'gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(missing.text).toContain('<main>/nope/page');
  });

  it('answers any path under /assets/ or a page without a 5xx (%ff, NUL, traversal, lone surrogates)', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '%ff',
        '%00',
        '%2e%2e',
        '..',
        '%2F',
        '%c0%ae',
        '%ED%A0%80',
        '%',
        'index-abc123.js',
        'logo-1.png',
      ),
      fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
    );
    const url = fc
      .tuple(
        fc.constantFrom('/assets/', '/', '/voice/', '/owner/'),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
      )
      .map(([base, parts]) => base + parts.join('/'));
    await fc.assert(
      fc.asyncProperty(
        url,
        fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, gzip;q=0'),
        async (path, encoding) => {
          const res = await request(app).get(path).set('Accept-Encoding', encoding);
          expect(res.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
