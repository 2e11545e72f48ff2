import { Router } from 'express';
import type { AppDeps } from '../app-deps';

// POST/GET /api/conversations...
export function createConversationRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
