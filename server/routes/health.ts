import { Router } from 'express';
import type { AppContext } from '../app-deps';
import { RETRY_AFTER_SECONDS } from '../lib/database-errors';

export function createHealthRoutes({ database, chatModel }: AppContext): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const isDatabaseUp = await database.ping();
    // Mounted ahead of the site's headers: the one that matters for a JSON answer.
    res.setHeader('X-Content-Type-Options', 'nosniff');
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
