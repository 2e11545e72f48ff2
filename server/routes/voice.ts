import { Router } from 'express';
import type { AppDeps } from '../app-deps';

// /api/subscription-user, /api/voice-sessions, /api/create-subscription, ...
export function createVoiceRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
