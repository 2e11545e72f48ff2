import { Router } from 'express';
import type { AppDeps } from '../app-deps';

export function createHealthRoutes({ database, env }: AppDeps): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const isDatabaseUp = await database.ping();
    res.status(isDatabaseUp ? 200 : 503).json({
      status: isDatabaseUp ? 'ok' : 'degraded',
      database: { driver: database.driver, status: isDatabaseUp ? 'up' : 'down' },
      model: env.OPENAI_API_KEY ? `openai:${env.OPENAI_MODEL}` : 'offline',
    });
  });
  return router;
}
