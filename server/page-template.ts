import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DARK_CLASS, THEME_SCRIPT } from '../shared/theme';
import { classesIn, criticalCss } from './lib/critical-css';

/** The JSON list of the page's modules, read by the loader: the entry last. */
export const PAGE_MODULES_ID = 'page-modules';
/** On a page that inlines only the part of the stylesheet its first paint uses: the whole one's URL. */
const WHOLE_STYLESHEET = 'data-whole';

/**
 * Loads the page's modules once the server's HTML has painted (the browser reports its first
 * contentful paint): it preloads them all at once (no waterfall), then imports the entry, which
 * hydrates. A tab opened in the background paints nothing, so it loads straight away; a browser
 * without paint timing, after two seconds. Constant, so the Content-Security-Policy allows
 * exactly this script by its hash.
 */
const LOADER = [
  '(()=>{',
  // A form sent before the app runs would go natively: a GET that puts what the visitor typed
  // (an e-mail, a message) in the URL. Until the app has hydrated, submitting does nothing.
  'document.addEventListener("submit",e=>{if(document.documentElement.dataset.hydrated!=="true")e.preventDefault()},true);',
  `const m=JSON.parse(document.getElementById("${PAGE_MODULES_ID}").textContent);`,
  'let done=false;',
  'const go=()=>{if(done)return;done=true;',
  'const add=(rel,href,cors)=>{const l=document.createElement("link");l.rel=rel;if(cors)l.crossOrigin="";l.href=href;document.head.append(l);return l};',
  'for(const href of m)add("modulepreload",href,true);',
  // A page that inlines part of the stylesheet (withCriticalStyles) gets the whole one now, and the
  // app, which shows what the page did not (dialogs, replies), runs once it is there.
  `const w=document.querySelector("style[${WHOLE_STYLESHEET}]");`,
  `const styled=w&&new Promise(r=>{const l=add("stylesheet",w.getAttribute("${WHOLE_STYLESHEET}"));l.onload=l.onerror=r});`,
  'Promise.resolve(styled).then(()=>import(m[m.length-1]))};',
  'if(document.visibilityState==="hidden")return go();',
  'setTimeout(go,2000);',
  'try{new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch{go()}',
  '})()',
].join('');

const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source that allows the loader (and no other inline script). */
export const LOADER_CSP_HASH = sha256Source(LOADER);
/** The CSP source that allows the theme script (shared/theme.ts). */
export const THEME_CSP_HASH = sha256Source(THEME_SCRIPT);

/**
 * Puts the theme script first in <head> (after the charset): it runs before the stylesheet and
 * the page paint, so the page paints in the visitor's theme at once.
 */
export function addThemeScript(html: string): string {
  const tag = `<script>${THEME_SCRIPT}</script>`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(html)
    ? html.replace(charset, (meta) => meta + tag)
    : html.replace('<head>', `<head>${tag}`);
}

const MODULE_TAG =
  /\s*<(?:script type="module"(?: crossorigin)? src|link rel="modulepreload"(?: crossorigin)? href)="([^"]+)">(?:<\/script>)?/g;
const STYLESHEET_TAG = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * Readies the built index.html for pages rendered on the server, so that the page's own HTML is
 * all its first paint waits for:
 * - the stylesheet goes inline: it was the one render-blocking file, and a round trip on a slow
 *   phone network costs more than its few compressed kilobytes in the page;
 * - the scripts load after the first paint (see LOADER): the page is readable without them, and
 *   fetching and running them first would only hold the paint back on a slow phone.
 */
export function prepareTemplate(template: string, publicDir: string): string {
  const withStyles = template.replace(STYLESHEET_TAG, (link, href: string) => {
    const file = path.join(publicDir, href);
    if (!fs.existsSync(file)) return link;
    const css = fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style data-file="${href}">${css}</style>`;
  });
  const entries: string[] = [];
  const preloads: string[] = [];
  const withoutModules = withStyles.replace(MODULE_TAG, (tag, src: string) => {
    (tag.includes('<script') ? entries : preloads).push(src);
    return '';
  });
  if (entries.length !== 1)
    throw new Error(`index.html should load one module script, found ${entries.length}.`);
  return addThemeScript(withoutModules).replace(
    '</head>',
    `${modulesElement([...preloads, entries[0]!])}<script>${LOADER}</script></head>`,
  );
}

const INLINE_STYLESHEET = /<style data-file="([^"]+)">([\s\S]*?)<\/style>/;

/**
 * A rendered page with only the part of the inline stylesheet its markup uses (in either theme), so
 * that the page fits the first round trip of a slow connection. The loader fetches the whole
 * stylesheet after the first paint, and runs the app once it is there.
 */
export function withCriticalStyles(html: string): string {
  const match = INLINE_STYLESHEET.exec(html);
  if (!match) return html;
  const [style, href, css] = match as unknown as [string, string, string];
  const classes = classesIn(html).add(DARK_CLASS);
  return html.replace(
    style,
    () => `<style ${WHOLE_STYLESHEET}="${href}">${criticalCss(css, classes)}</style>`,
  );
}

/** Adds `hrefs` to the page's module list, before the entry. */
export function addPageModules(html: string, hrefs: readonly string[]): string {
  if (hrefs.length === 0) return html;
  const pattern = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`);
  return html.replace(pattern, (_element, json: string) => {
    const modules = JSON.parse(json) as string[];
    return modulesElement([...modules.slice(0, -1), ...hrefs, ...modules.slice(-1)]);
  });
}

const modulesElement = (modules: readonly string[]) =>
  `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(modules).replace(/</g, '\\u003c')}</script>`;
