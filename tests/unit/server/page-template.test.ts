import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../../../shared/theme';
import {
  LOADER_CSP_HASH,
  THEME_CSP_HASH,
  addPageModules,
  prepareTemplate,
  withCriticalStyles,
} from '../../../server/page-template';

// index.html as Vite builds it.
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Site</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/jsx-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const CSS = '.flex{display:flex}';

let publicDir: string;
beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-template-'));
  fs.mkdirSync(path.join(publicDir, 'assets'));
  fs.writeFileSync(path.join(publicDir, 'assets', 'index-D4.css'), CSS);
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

const modulesOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-modules">([^<]*)<\/script>/.exec(html)![1]!,
  ) as string[];

describe('the page template', () => {
  it('inlines the stylesheet and loads no script before the page has painted', () => {
    const html = prepareTemplate(BUILT, publicDir);
    expect(html).toContain(`<style data-file="/assets/index-D4.css">${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    // The entry comes last: the loader preloads all of them and imports it.
    expect(modulesOf(html)).toEqual(['/assets/runtime-B2.js', '/assets/jsx-C3.js', '/assets/index-A1.js']);
    expect(html).toContain('<div id="root"></div>');
  });

  it('carries exactly the inline scripts that the CSP hashes allow: the theme, then the loader', () => {
    const html = prepareTemplate(BUILT, publicDir);
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(hashes).toEqual([THEME_CSP_HASH, LOADER_CSP_HASH]);
    expect(inline[0]).toBe(THEME_SCRIPT);
    expect(inline[1]).toContain('first-contentful-paint');
  });

  it('sets the theme before the stylesheet, right after the charset', () => {
    const html = prepareTemplate(BUILT, publicDir);
    expect(html).toContain(`<meta charset="UTF-8" /><script>${THEME_SCRIPT}</script>`);
    expect(html.indexOf(THEME_SCRIPT)).toBeLessThan(html.indexOf('<style'));
  });

  it('adds a lazy page’s chunks before the entry', () => {
    const html = addPageModules(prepareTemplate(BUILT, publicDir), ['/assets/voice-E5.js']);
    expect(modulesOf(html)).toEqual([
      '/assets/runtime-B2.js',
      '/assets/jsx-C3.js',
      '/assets/voice-E5.js',
      '/assets/index-A1.js',
    ]);
  });

  it('keeps inline, on a rendered page, only the rules its markup may use, and links the whole stylesheet for later', () => {
    const rendered = prepareTemplate(BUILT, publicDir).replace(
      '<div id="root"></div>',
      '<div id="root"><main class="flex"><p class="text-sm">Hi</p></main></div>',
    );
    const css = '.flex{display:flex}.grid{display:grid}.dark .text-sm{color:#fff}.dark .grid{color:#000}';
    const html = withCriticalStyles(rendered.replace(CSS, css));
    // Either theme: the theme script sets the dark class before the paint.
    expect(html).toContain(
      '<style data-whole="/assets/index-D4.css">.flex{display:flex}.dark .text-sm{color:#fff}</style>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    // The loader fetches the whole stylesheet after the paint, and runs the app once it is there.
    const loader = [...html.matchAll(/<script>([^<]*)<\/script>/g)][1]![1]!;
    expect(loader).toContain('add("stylesheet",w.getAttribute("data-whole"))');
    expect(loader).toContain('Promise.resolve(styled).then(()=>import(');
  });

  it('refuses a build whose index.html has no module script', () => {
    expect(() => prepareTemplate('<html><head></head><body></body></html>', publicDir)).toThrow(
      /one module script/,
    );
  });
});
