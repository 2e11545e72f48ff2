import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { Lifecycle } from '../../server/lib/lifecycle';
import { createPageHead } from '../../server/page-head';
import { LOADER_CSP_HASH, THEME_CSP_HASH, prepareTemplate } from '../../server/page-template';
import { createPrerenderedPages, renderEveryPage } from '../../server/prerendered-pages';
import type { RenderEntry } from '../../server/render-pages';
import { loadContent, toPublicProfile } from '../../server/services/content/load-content';
import { createStaticClient } from '../../server/static-client';
import { CONTENT_DIR, testEnv, useTestApp } from '../helpers/test-app';

// The served HTML of each page carries its title and link-preview tags, built from the owner's content and
// escaped, with the page address and the photo as absolute URLs from PUBLIC_URL only (never from the
// request's Host header).

const NAME = `Sam "Quotes" <b>O'Neil</b> & Co`;
const HEADLINE = 'Data <Engineer>';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The template's own description."
    />
    <title>Site</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

const context = useTestApp();
const lifecycle = new Lifecycle();
let contentDir: string;
let publicDir: string;

/** The app as production serves it: the real render entry, the page template, the page head. */
async function buildSite(env: Record<string, string> = {}): Promise<Express> {
  const content = await loadContent(contentDir);
  const deps = { ...context.deps, env: testEnv(env), content, lifecycle };
  const pages = createPrerenderedPages(() =>
    renderEveryPage({
      loadEntry: () => import('../../client/src/entry-server') as Promise<RenderEntry>,
      loadTemplate: () => Promise.resolve(prepareTemplate(TEMPLATE, publicDir)),
      // The pages' data comes from the app's own API, as in production.
      fetchJson: async (apiPath) => (await request(app).get(apiPath).expect(200)).body as unknown,
      describePage: createPageHead(toPublicProfile(content.profile), deps.env.PUBLIC_URL),
    }),
  );
  const app: Express = createApp(deps, {
    serveClient: createStaticClient(publicDir, pages),
    inlineScriptHashes: [THEME_CSP_HASH, LOADER_CSP_HASH],
  });
  return app;
}

beforeAll(() => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-head-content-'));
  fs.cpSync(CONTENT_DIR, contentDir, { recursive: true });
  const profileFile = path.join(contentDir, 'profile.json');
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(profileFile, JSON.stringify({ ...profile, name: NAME, title: HEADLINE }));
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-head-public-'));
  fs.writeFileSync(path.join(publicDir, 'index.html'), TEMPLATE);
});

afterAll(async () => {
  await lifecycle.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('the head of the served pages', () => {
  it('names the owner on / in the title and the link-preview tags, escaped', async () => {
    const app = await buildSite();
    const res = await request(app).get('/').expect(200);
    const title = `Chat with ${NAME}'s AI Clone`;
    expect(res.text).toContain(`<title>${escaped(title)}</title>`);
    expect(metaContent(res.text, 'og:title')).toBe(escaped(title));
    expect(metaContent(res.text, 'twitter:title')).toBe(escaped(title));
    expect(metaContent(res.text, 'og:site_name')).toBe(escaped(`${NAME} · ${HEADLINE}`));
    const description = metaContent(res.text, 'og:description')!;
    expect(description).toContain(escaped(HEADLINE));
    expect(description).toContain('20 years of experience');
    expect(metaContent(res.text, 'description')).toBe(description);
    expect(res.text).not.toContain("The template's own description.");
    // No PUBLIC_URL: no absolute URL the site could vouch for, so none at all.
    expect(metaContent(res.text, 'og:image')).toBeUndefined();
    expect(metaContent(res.text, 'twitter:image')).toBeUndefined();
    expect(metaContent(res.text, 'og:url')).toBeUndefined();
    expect(metaContent(res.text, 'twitter:card')).toBe('summary');
    // Nothing from content/ arrives as markup.
    expect(res.text).not.toContain('<b>O');
    expect(res.text).not.toContain('<Engineer>');
    await request(app).get('/api/profile/photo').expect(200);
  });

  it('gives /voice, /owner and an unknown path their own titles; the unknown one is not indexed', async () => {
    const app = await buildSite({ PUBLIC_URL: 'https://alex.example' });
    const voice = await request(app).get('/voice').expect(200);
    expect(voice.text).toContain(`<title>${escaped(`Talk by voice · ${NAME}`)}</title>`);
    expect(metaContent(voice.text, 'og:url')).toMatch(/\/voice$/);
    const owner = await request(app).get('/owner').expect(200);
    expect(owner.text).toContain(`<title>${escaped(`Owner desk · ${NAME}`)}</title>`);
    const missing = await request(app).get('/no/such/page').expect(404);
    expect(missing.text).toContain(`<title>${escaped(`Page not found · ${NAME}`)}</title>`);
    expect(metaContent(missing.text, 'robots')).toBe('noindex');
    expect(metaContent(missing.text, 'og:url')).toBeUndefined();
  });

  it('uses PUBLIC_URL for the preview picture, and sends the kept page precompressed', async () => {
    const app = await buildSite({ PUBLIC_URL: 'https://alex.example/' });
    const res = await request(app).get('/').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(metaContent(res.text, 'og:image')).toBe('https://alex.example/api/profile/photo');
    expect(metaContent(res.text, 'og:url')).toBe('https://alex.example/');
    expect(metaContent(res.text, 'twitter:image')).toBe('https://alex.example/api/profile/photo');
  });

  it('puts no address from the Host header in a page, with or without PUBLIC_URL', async () => {
    const envs: Record<string, string>[] = [{}, { PUBLIC_URL: 'https://alex.example' }];
    for (const env of envs) {
      const app = await buildSite(env);
      for (const host of ['evil.example', 'evil.test"><script>alert(1)</script>']) {
        for (const path of ['/', '/voice', '/no/such/page']) {
          const res = await request(app).get(path).set('Host', host);
          expect(res.text).toContain('<title>');
          expect(res.text).not.toContain('evil.');
          expect(res.text).not.toContain('alert(1)');
        }
      }
    }
  });

  it('runs only the inline scripts the Content-Security-Policy allows by hash', async () => {
    const app = await buildSite();
    const res = await request(app).get('/').expect(200);
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const inline = [...res.text.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(2);
    for (const script of inline) {
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(scriptSrc).toContain(hash);
    }
    expect(res.text.indexOf('localStorage.getItem("theme")')).toBeLessThan(res.text.indexOf('<title>'));
  });
});
