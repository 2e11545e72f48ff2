import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppContext } from '../app-deps';
import { unauthorized, unavailable } from '../lib/app-error';
import { isSameSecret, readBearerToken } from '../lib/secrets';
import { cancelContactRequest } from '../services/booking/cancel-contact-request';
import { toContactRequestView } from '../services/booking/create-contact-request';
import { listUnansweredQuestions } from '../services/chat/unanswered-questions';
import { listRecentContactRequests } from '../storage/contact-requests';
import { listRecentUnknownVoiceReports } from '../storage/unknown-voice-reports';

const RECENT_REQUESTS = 200;

// The owner's API, for curl or a script (README, "Owner API"); off unless OWNER_API_TOKEN is set:
// GET /api/owner/contact-requests, POST /api/owner/contact-requests/:id/cancel,
// GET /api/owner/unanswered-questions, GET /api/owner/unknown-voice-reports
export function createOwnerRoutes(context: AppContext): Router {
  const { env } = context;
  const router = Router();

  const requireOwner = (req: Request, _res: Response, next: NextFunction) => {
    if (!env.OWNER_API_TOKEN) throw unavailable('The owner API is off. Set OWNER_API_TOKEN to use it.');
    const token = readBearerToken(req.get('authorization'));
    if (!token || !isSameSecret(token, env.OWNER_API_TOKEN))
      throw unauthorized('The owner API token is missing or wrong.');
    next();
  };
  router.use('/api/owner', requireOwner, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/api/owner/contact-requests', async (_req, res) => {
    const rows = await listRecentContactRequests(context.database.db, RECENT_REQUESTS);
    res.json(rows.map(toContactRequestView));
  });

  router.post('/api/owner/contact-requests/:id/cancel', async (req, res) => {
    const cancelled = await cancelContactRequest(context, req.params.id);
    void context.mail.flush();
    res.json(toContactRequestView(cancelled));
  });

  router.get('/api/owner/unanswered-questions', async (_req, res) => {
    res.json(await listUnansweredQuestions(context.database.db));
  });

  // Vapi end-of-call reports for calls no session of ours made (billed nothing), newest first.
  router.get('/api/owner/unknown-voice-reports', async (_req, res) => {
    res.json(await listRecentUnknownVoiceReports(context.database.db, RECENT_REQUESTS));
  });

  return router;
}
