import cookieParser from 'cookie-parser';
import { Router } from 'express';
import { createContactRequestSchema } from '../../shared/booking-contact-request';
import type { AppContext } from '../app-deps';
import { readBrowserKeyHash } from '../services/access/browser-key';
import { getSlotLimits } from '../services/booking/booking-context';
import { getBookedCallCalendar, listBookedCalls } from '../services/booking/booked-calls';
import { createContactRequest } from '../services/booking/create-contact-request';
import { getBookingConfig, listBookedSlots } from '../services/booking/list-booked-slots';
import {
  cancelManagedBooking,
  getManagedBooking,
  manageTokenSchema,
  rescheduleManagedBooking,
  rescheduleSchema,
} from '../services/booking/manage-booking';

// GET /api/bookings/slots, GET /api/bookings/config, POST /api/contact-requests,
// GET /api/conversations/:id/booked-calls{/:callId/calendar.ics} (the owning browser only),
// POST /api/bookings/manage{/cancel,/reschedule} (the visitor's signed link, token in the body)
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

  router.post('/api/bookings/manage', async (req, res) => {
    const { token } = manageTokenSchema.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'no-store');
    res.json(await getManagedBooking(context, token));
  });

  router.post('/api/bookings/manage/cancel', context.rateLimits.contactRequest, async (req, res) => {
    const { token } = manageTokenSchema.parse(req.body ?? {});
    res.json(await cancelManagedBooking(context, token));
  });

  router.post('/api/bookings/manage/reschedule', context.rateLimits.contactRequest, async (req, res) => {
    res.json(await rescheduleManagedBooking(context, rescheduleSchema.parse(req.body ?? {})));
  });

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
