import { Router } from 'express';
import type { AppContext } from '../app-deps';

// GET /api/bookings/slots, POST /api/contact-requests
export function createBookingRoutes(_deps: AppContext): Router {
  const router = Router();
  return router;
}
