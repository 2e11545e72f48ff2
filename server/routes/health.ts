import { Router } from 'express';
import type { AppContext } from '../app-deps';
import { RETRY_AFTER_SECONDS } from '../lib/database-errors';
import type { Readiness } from '../lib/readiness';

const NOT_READY_MESSAGE = {
  starting: 'The site is starting.',
  stopping: 'The site is stopping.',
} as const;

/**
 * `readiness` is the server's (server/index.ts): while it starts or stops, health answers 503 at
 * once, without asking the database, which may be busy with the requests being drained. Without
 * it (tests, benchmarks) the app is ready as soon as it is built.
 */
export function createHealthRoutes({ database, chatModel }: AppContext, readiness?: Readiness): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    // Mounted ahead of the site's headers: the one that matters for a JSON answer.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const state = readiness?.state ?? 'ready';
    if (state !== 'ready') {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({
        status: state,
        message: NOT_READY_MESSAGE[state],
        database: { driver: database.driver },
        model: chatModel.name,
      });
      return;
    }
    const isDatabaseUp = await database.ping();
    if (!isDatabaseUp) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(isDatabaseUp ? 200 : 503).json({
      status: isDatabaseUp ? 'ok' : 'degraded',
      ...(isDatabaseUp ? {} : { message: 'The database is unavailable.' }),
      database: { driver: database.driver, status: isDatabaseUp ? 'up' : 'down' },
      model: chatModel.name,
    });
  });
  return router;
}
