import { Router, type NextFunction, type Request, type Response } from 'express';
import { erasureRequestSchema } from '../../shared/erasure';
import { contactRequestPageQuerySchema } from '../../shared/owner-desk';
import type { AppContext } from '../app-deps';
import { unauthorized, unavailable } from '../lib/app-error';
import { isSameSecret, readBearerToken } from '../lib/secrets';
import { cancelContactRequest } from '../services/booking/cancel-contact-request';
import { toContactRequestView } from '../services/booking/views';
import { exportTranscriptForSiteOwner } from '../services/chat/conversations';
import { listContactRequestsForOwner } from '../services/desk/list-contact-requests';
import { listUnansweredQuestions } from '../services/chat/unanswered-questions';
import { findSessionOwner } from '../services/owner/owner-sessions';
import { eraseByEmail } from '../services/retention/erase-by-email';
import { listUnknownVoiceReports } from '../services/voice/list-unknown-voice-reports';
import { createOwnerDeskRoutes } from './owner-desk';
import { readOwnerSessionToken } from './owner-session';

// The owner's API, for the owner's desk (a session from /api/owner/session) or for curl and
// scripts (OWNER_API_TOKEN; README, "Owner API"):
// GET /api/owner/contact-requests?cursor=&limit=, POST /api/owner/contact-requests/:id/cancel,
// GET /api/owner/unanswered-questions, POST /api/owner/erasure {email},
// GET /api/owner/conversations/:id/transcript, GET /api/owner/unknown-voice-reports; the desk's
// routes in owner-desk.ts.
export function createOwnerRoutes(context: AppContext): Router {
  const { env } = context;
  const router = Router();

  // A signed-in owner's browser (session cookie) or a script with the API token.
  const requireOwner = async (req: Request, _res: Response, next: NextFunction) => {
    const token = readBearerToken(req.get('authorization'));
    if (token) {
      if (!env.OWNER_API_TOKEN)
        throw unavailable('The owner API token is off. Set OWNER_API_TOKEN to use it.');
      if (!isSameSecret(token, env.OWNER_API_TOKEN)) throw unauthorized('The owner API token is wrong.');
      return next();
    }
    const session = readOwnerSessionToken(req);
    if (!session || !(await findSessionOwner(context.database.db, context.now(), session)))
      throw unauthorized('Please sign in as the owner, or send the owner API token.');
    next();
  };
  router.use('/api/owner', requireOwner, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // A page as a JSON array (its shape before paging, which scripts read); the next page's URL in
  // a Link header (RFC 8288).
  router.get('/api/owner/contact-requests', async (req, res) => {
    const { cursor, limit } = contactRequestPageQuerySchema.parse(req.query);
    const page = await listContactRequestsForOwner(context.database.db, { cursor, limit });
    if (page.nextCursor) {
      const next = new URLSearchParams({
        cursor: page.nextCursor,
        ...(limit ? { limit: String(limit) } : {}),
      });
      res.links({ next: `/api/owner/contact-requests?${next}` });
    }
    res.json(page.requests);
  });

  router.post('/api/owner/contact-requests/:id/cancel', async (req, res) => {
    const cancelled = await cancelContactRequest(context, req.params.id);
    res.json(toContactRequestView(cancelled));
  });

  router.get('/api/owner/unanswered-questions', async (_req, res) => {
    res.json(await listUnansweredQuestions(context.database.db));
  });

  router.post('/api/owner/erasure', async (req, res) => {
    const { email } = erasureRequestSchema.parse(req.body ?? {});
    res.json(await eraseByEmail(context, email));
  });

  // The booking e-mails link here: the visitor's own transcript URL opens only in their browser.
  router.get('/api/owner/conversations/:id/transcript', async (req, res) => {
    const { transcript } = await exportTranscriptForSiteOwner(
      context.database.db,
      req.params.id,
      context.content.profile,
      context.now(),
    );
    res.json(transcript);
  });

  // Vapi end-of-call reports for calls no session of ours made (billed nothing), newest first.
  router.get('/api/owner/unknown-voice-reports', async (_req, res) => {
    res.json(await listUnknownVoiceReports(context.database.db));
  });

  router.use(createOwnerDeskRoutes(context));

  return router;
}
