import { Router } from 'express';
import type { AppDeps } from '../app-deps';

// GET /api/bookings/slots, POST /api/contact-requests
export function createBookingRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
