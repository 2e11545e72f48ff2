import { Router } from 'express';
import type { AppContext } from '../app-deps';

// POST/GET /api/conversations...
export function createConversationRoutes(_deps: AppContext): Router {
  const router = Router();
  return router;
}
