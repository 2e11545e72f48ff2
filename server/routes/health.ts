import { Router } from 'express';
import type { AppContext } from '../app-deps';

export function createHealthRoutes({ database, chatModel }: AppContext): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const isDatabaseUp = await database.ping();
    res.status(isDatabaseUp ? 200 : 503).json({
      status: isDatabaseUp ? 'ok' : 'degraded',
      database: { driver: database.driver, status: isDatabaseUp ? 'up' : 'down' },
      model: chatModel.name,
    });
  });
  return router;
}
