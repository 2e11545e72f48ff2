import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { configurationWarnings, loadEnvOrExit } from './env';
import { trackConnections } from './lib/graceful-stop';
import { Lifecycle } from './lib/lifecycle';
import { logger, setLogLevel } from './lib/logger';
import { ContentError, loadContent } from './services/content/load-content';
import { createFirstOwnerFromEnv } from './services/owner/owner-accounts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // A .env file beside the app is read if present; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnvOrExit();
  setLogLevel(env.LOG_LEVEL);
  for (const warning of configurationWarnings(env)) logger.warn(warning);

  let content;
  try {
    content = await loadContent(env.CONTENT_DIR);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Invalid content: ${error.message}`);
    process.exit(1);
  }

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
  const serveClient = env.NODE_ENV === 'development' ? await viteMiddleware() : staticClient();
  const app = createApp({ env, database, content, lifecycle, now: () => new Date() }, { serveClient });

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info('server listening', {
      url: `http://localhost:${port}`,
      database: database.driver,
      model: env.OPENAI_API_KEY ? env.OPENAI_MODEL : 'offline clone',
    });
  });

  const connections = trackConnections(server);
  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info('shutting down', { signal });
    // Requests already sent are answered before anything they need is closed.
    await connections.stop(SHUTDOWN_GRACE_MS);
    await lifecycle.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Production: the built SPA from dist/public, with index.html for client-side routes. */
function staticClient() {
  const root = [path.resolve(import.meta.dirname, 'public'), path.resolve('dist/public')].find((dir) =>
    fs.existsSync(path.join(dir, 'index.html')),
  );
  if (!root) throw new Error('The client is not built: run `npm run build` first.');
  return (app: Express) => {
    app.use(
      '/assets',
      express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    app.use(express.static(root, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(root, 'index.html'));
    });
  };
}

/** Development: Vite in middleware mode on the same port, with hot reload. */
async function viteMiddleware() {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const indexPath = path.resolve('client/index.html');
  return (app: Express) => {
    app.use(vite.middlewares);
    app.get('/{*splat}', async (req, res, next) => {
      try {
        const html = await vite.transformIndexHtml(req.originalUrl, fs.readFileSync(indexPath, 'utf8'));
        res.status(200).set({ 'Content-Type': 'text/html' }).end(html);
      } catch (error) {
        next(error);
      }
    });
  };
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
