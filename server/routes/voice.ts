import { Router } from 'express';
import type { AppContext } from '../app-deps';

// /api/subscription-user, /api/voice-sessions, /api/create-subscription, ...
export function createVoiceRoutes(_deps: AppContext): Router {
  const router = Router();
  return router;
}
