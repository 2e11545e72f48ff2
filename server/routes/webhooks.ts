import { Router } from 'express';
import type { AppDeps } from '../app-deps';

// POST /api/stripe/webhook, POST /api/vapi/webhook (raw bodies)
export function createWebhookRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
