import fs from 'node:fs';
import path from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import { notFound } from './lib/app-error';
import { chooseEncoding, type Encoding } from './lib/content-encoding';
import type { PageRenderer } from './render-pages';

/** The template the pages are rendered into: never sent as it is. */
const TEMPLATE = '/index.html';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface StaticFile {
  relative: string;
  /** The precompressed copies written beside it at build time (scripts/compress-assets.mjs). */
  encodings: Encoding[];
}

/** Every file of the built client by URL path, with its compressed copies; dot folders left out. */
export function indexBuiltFiles(publicDir: string): Map<string, StaticFile> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.add(path.relative(publicDir, full).split(path.sep).join('/'));
    }
  };
  walk(publicDir);
  const files = new Map<string, StaticFile>();
  for (const relative of found) {
    if (Object.values(SUFFIX).some((suffix) => relative.endsWith(suffix))) continue;
    const encodings = (Object.keys(SUFFIX) as Encoding[]).filter((e) => found.has(relative + SUFFIX[e]));
    if (`/${relative}` !== TEMPLATE) files.set(`/${relative}`, { relative, encodings });
  }
  return files;
}

/**
 * Production: the built client. Files are sent with their precompressed copy when the browser
 * accepts one (hashed /assets/ are cached for a year, the rest for an hour); a missing /assets/
 * file is a 404. Any other path gets its page rendered on the server: the not-found page answers
 * 404. The files are listed once: the build does not change while the server runs.
 */
export function createStaticClient(publicDir: string, pages: PageRenderer) {
  const files = indexBuiltFiles(publicDir);

  function sendBuiltFile(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = files.get(urlPath);
    const isHashed = urlPath.startsWith('/assets/');
    if (!file) return isHashed ? next(notFound(`No file at ${req.path}.`)) : next();

    const encoding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
    if (file.encodings.length > 0) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    // The type of the file itself, not of its .br or .gz copy.
    res.type(path.extname(file.relative));
    const sent = encoding ? file.relative + SUFFIX[encoding] : file.relative;
    const cache = isHashed ? { maxAge: '1y', immutable: true } : { maxAge: '1h' };
    res.sendFile(sent, { root: publicDir, ...cache }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next(notFound(`No file at ${req.path}.`));
    });
  }

  return (app: Express) => {
    app.use(sendBuiltFile);
    app.get('/{*splat}', async (req, res) => {
      const page = await pages.render(req.originalUrl);
      res.status(page.status).set('Cache-Control', 'no-cache').type('html');
      const encoding = page.compressed && chooseEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
      const compressed = encoding ? page.compressed?.[encoding] : undefined;
      if (!encoding || !compressed) return void res.send(page.html);
      res.set({ 'Content-Encoding': encoding, Vary: 'Accept-Encoding' }).send(compressed);
    });
  };
}

/** The built client: dist/public beside the server bundle, or under the working directory. */
export function findBuiltClient(serverDir: string): { publicDir: string; ssrEntry: string } {
  const distDir = [serverDir, path.resolve('dist')].find((dir) =>
    fs.existsSync(path.join(dir, 'public', 'index.html')),
  );
  if (!distDir) throw new Error('The client is not built: run `npm run build` first.');
  return { publicDir: path.join(distDir, 'public'), ssrEntry: path.join(distDir, 'ssr', 'entry-server.js') };
}
