import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from './app';
import { createAppContext } from './app-context';
import { startBackgroundJobs } from './background-jobs';
import { openDatabase } from './db/client';
import { configurationWarnings, loadEnvOrExit, withContentTimeZone } from './env';
import { trackConnections } from './lib/graceful-stop';
import { Lifecycle } from './lib/lifecycle';
import { listenOrFail } from './lib/listen';
import { logger, setLogLevel } from './lib/logger';
import { createReadiness } from './lib/readiness';
import { StartError, reportStartFailure } from './lib/start-failure';
import { learnTimeZoneName } from './lib/time-zone-name';
import { createPageHead, type DescribePage } from './page-head';
import { LOADER_CSP_HASH, THEME_CSP_HASH, addThemeScript } from './page-template';
import { createPrerenderedPages, prerenderInChild, type PrerenderInput } from './prerendered-pages';
import { createPageRenderer, type RenderEntry } from './render-pages';
import { ContentError, loadContent, toPublicProfile } from './services/content/load-content';
import { createFirstOwnerFromEnv } from './services/owner/owner-accounts';
import { createStaticClient, findBuiltClient } from './static-client';

/**
 * The longest a stop waits for the requests in flight (a burst of 200 chats on the embedded
 * database took 14 s on a busy 2-core machine). The container's stop timeout must be longer
 * (compose: stop_grace_period), or it kills the server mid-drain.
 */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  // A .env file beside the app is read if present; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const configured = loadEnvOrExit();
  setLogLevel(configured.LOG_LEVEL);
  for (const warning of configurationWarnings(configured)) logger.warn(warning);

  let content;
  try {
    content = await loadContent(configured.CONTENT_DIR);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw new StartError(`Invalid content: ${error.message}`, { cause: error });
  }
  const env = withContentTimeZone(configured, content);
  // Named while the database opens; awaited before the clone's knowledge can be built.
  const namingOwnerZone = learnTimeZoneName(env.OWNER_TIMEZONE);

  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : // The build puts an initialised cluster beside the bundle; development starts without one.
        { dataDir: env.DATA_DIR, seedDir: path.resolve(import.meta.dirname, 'pglite-seed') },
  );
  const firstOwner = await createFirstOwnerFromEnv(database.db, {
    username: env.OWNER_USERNAME,
    password: env.OWNER_PASSWORD,
  });
  if (firstOwner) logger.info('owner account created from OWNER_USERNAME', { username: firstOwner.username });
  const lifecycle = new Lifecycle();
  // Pages are rendered with the data of our own API, asked for over loopback once listening.
  let origin = '';
  const fetchJson = async (apiPath: string) => {
    const res = await fetch(new URL(apiPath, origin), { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
    return (await res.json()) as unknown;
  };
  const { serveClient, pages, inlineScriptHashes } =
    env.NODE_ENV === 'development'
      ? await viteMiddleware(fetchJson, createPageHead(toPublicProfile(content.profile), env.PUBLIC_URL))
      : builtClient(() => ({
          origin,
          profile: toPublicProfile(content.profile),
          publicUrl: env.PUBLIC_URL,
        }));
  await namingOwnerZone;
  const context = createAppContext({ env, database, content, lifecycle, now: () => new Date() });
  startBackgroundJobs(context);
  // Health answers 503 until the pages are rendered, and again from SIGTERM on.
  const readiness = createReadiness();
  const app = createApp(context, { serveClient, inlineScriptHashes, readiness });
  const server = http.createServer(app);
  const connections = trackConnections(server);

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    readiness.markStopping();
    logger.info('shutting down', { signal });
    // Requests already sent are answered before anything they need is closed.
    await connections.stop(SHUTDOWN_GRACE_MS);
    await lifecycle.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await listenOrFail(server, env.PORT, env.HOST);
  origin = loopbackOrigin(address);
  logger.info('server listening', {
    url: `http://localhost:${address.port}`,
    database: database.driver,
    model: env.OPENAI_API_KEY ? env.OPENAI_MODEL : 'offline clone',
  });
  // The pages are rendered with our own API's data, so only once listening; a failed rendering is
  // tried again by the next page request, so the server is ready either way.
  await pages
    .warm()
    .catch((error: unknown) =>
      logger.error('prerendering failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  readiness.markReady();
  logger.info('server ready');
}

/**
 * Production: the built client from dist/public, its pages rendered from dist/ssr once per start,
 * in a child process, with the data of our own API (`origin`, known once listening).
 */
function builtClient(getInput: () => Pick<PrerenderInput, 'origin' | 'profile' | 'publicUrl'>) {
  const { publicDir, ssrEntry } = findBuiltClient(import.meta.dirname);
  const script = path.join(import.meta.dirname, 'prerender-worker.js');
  const pages = createPrerenderedPages(() =>
    prerenderInChild(script, { ssrEntry, publicDir, ...getInput() }),
  );
  return {
    serveClient: createStaticClient(publicDir, pages),
    pages,
    inlineScriptHashes: [THEME_CSP_HASH, LOADER_CSP_HASH],
  };
}

/** Development: Vite in middleware mode on the same port, with hot reload; pages rendered each time. */
async function viteMiddleware(fetchJson: (apiPath: string) => Promise<unknown>, describePage: DescribePage) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const indexPath = path.resolve('client/index.html');
  const pages = createPageRenderer({
    loadEntry: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<RenderEntry>,
    loadTemplate: async (url) =>
      addThemeScript(await vite.transformIndexHtml(url, fs.readFileSync(indexPath, 'utf8'))),
    fetchJson,
    describePage,
  });
  const serveClient = (app: Express) => {
    app.use(vite.middlewares);
    app.get('/{*splat}', async (req, res) => {
      const page = await pages.render(req.originalUrl);
      res.status(page.status).set({ 'Content-Type': 'text/html' }).end(page.html);
    });
  };
  return { serveClient, pages, inlineScriptHashes: [] };
}

/** An address this process can reach itself on: a wildcard listen answers on loopback. */
function loopbackOrigin(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

main().catch((error: unknown) => {
  reportStartFailure(error);
  process.exit(1);
});
