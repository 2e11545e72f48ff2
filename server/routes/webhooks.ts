import { Router } from 'express';
import type { AppContext } from '../app-deps';

// POST /api/stripe/webhook, POST /api/vapi/webhook (raw bodies)
export function createWebhookRoutes(_deps: AppContext): Router {
  const router = Router();
  return router;
}
