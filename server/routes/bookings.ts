import cookieParser from 'cookie-parser';
import { Router } from 'express';
import { createContactRequestSchema } from '../../shared/booking-contact-request';
import type { AppContext } from '../app-deps';
import { readBrowserKeyHash } from '../services/access/browser-key';
import { getSlotLimits } from '../services/booking/booking-context';
import { getBookedCallCalendar, listBookedCalls } from '../services/booking/booked-calls';
import { createContactRequest } from '../services/booking/create-contact-request';
import { getBookingConfig, listBookedSlots } from '../services/booking/list-booked-slots';

// GET /api/bookings/slots, GET /api/bookings/config, POST /api/contact-requests,
// GET /api/conversations/:id/booked-calls{/:callId/calendar.ics} (the owning browser only)
export function createBookingRoutes(context: AppContext): Router {
  const { env } = context;
  const router = Router();

  router.get('/api/bookings/slots', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listBookedSlots(context));
  });

  router.get('/api/bookings/config', (_req, res) => {
    res.json(getBookingConfig(context));
  });

  router.post(
    '/api/contact-requests',
    context.rateLimits.contactRequest,
    cookieParser(),
    async (req, res) => {
      const schema = createContactRequestSchema({
        now: context.now(),
        ownerTimeZone: env.OWNER_TIMEZONE,
        limits: getSlotLimits(context),
      });
      const input = schema.parse(req.body ?? {});
      res.status(201).json(await createContactRequest(context, input, readBrowserKeyHash(req)));
    },
  );

  router.use('/api/conversations/:id/booked-calls', cookieParser());
  router.get('/api/conversations/:id/booked-calls', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listBookedCalls(context, req.params.id, readBrowserKeyHash(req)));
  });

  router.get('/api/conversations/:id/booked-calls/:callId/calendar.ics', async (req, res) => {
    const { id, callId } = req.params;
    const { fileName, content } = await getBookedCallCalendar(context, id, callId, readBrowserKeyHash(req));
    res.setHeader('Cache-Control', 'no-store');
    res.attachment(fileName);
    res.type('text/calendar; charset=utf-8').send(content);
  });

  return router;
}
