import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  createVapiWebCallSchema,
  endVoiceSessionSchema,
  startVoiceSessionSchema,
  VAPI_PROXY_PATH,
  voiceTurnSchema,
} from '../../shared/voice';
import type { AppContext } from '../app-deps';
import { notFound } from '../lib/app-error';
import { watchForDisconnect } from '../lib/watch-for-disconnect';
import { verifiedEmail, type BrowserAccess } from '../middleware/verified-email';
import { createVapiWebCall } from '../services/voice/create-vapi-web-call';
import { endVoiceSession } from '../services/voice/end-voice-session';
import { getVoiceConfig, getVoiceProvider } from '../services/voice/get-voice-config';
import { listVoiceSessions, MAX_LISTED_SESSIONS } from '../services/voice/list-voice-sessions';
import { SESSION_NOT_FOUND } from '../services/voice/owned-session';
import { recordHeartbeat } from '../services/voice/record-heartbeat';
import { replyToVoiceTurn } from '../services/voice/reply-to-voice-turn';
import { startVoiceSession } from '../services/voice/start-voice-session';
import { createVapiAssistantSync } from '../services/voice/vapi-assistant-sync';
import { toVoiceSessionView } from '../services/voice/views';
import { isUuid } from '../../shared/ids';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LISTED_SESSIONS).optional(),
});

// Calls with the clone, for a browser that has proven its e-mail: GET /api/voice/config,
// POST /api/voice-sessions, PATCH /api/voice-sessions/:id, POST /api/voice-sessions/:id/(end|heartbeat|turns),
// GET /api/voice-sessions/:userId, POST /api/vapi/call/web
export function createVoiceRoutes(context: AppContext, browser: BrowserAccess): Router {
  const router = Router();
  const assistants = createVapiAssistantSync(context);
  const limits = context.rateLimits.voice;
  const provider = getVoiceProvider(context.env);

  router.get('/api/voice/config', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await getVoiceConfig(context, assistants));
  });

  // Everything below acts for the browser's proven e-mail, on that e-mail's sessions only.
  router.use(
    ['/api/voice-sessions', `${VAPI_PROXY_PATH}/call`],
    browser.readCookies,
    browser.requireVerifiedEmail,
  );

  router.post('/api/voice-sessions', async (req, res) => {
    const { userId } = startVoiceSessionSchema.parse(req.body ?? {});
    const session = await startVoiceSession(context, verifiedEmail(res), userId, provider);
    res.status(201).json(toVoiceSessionView(session));
  });

  const endSession = async (req: Request, res: Response) => {
    const id = parseSessionId(String(req.params.id));
    const input = endVoiceSessionSchema.parse(req.body ?? {});
    const ended = await endVoiceSession(context, verifiedEmail(res), id, input);
    // 204: the call never went live, and its session is gone.
    if (!ended) res.status(204).end();
    else res.json(toVoiceSessionView(ended));
  };
  router.patch('/api/voice-sessions/:id', endSession);
  // The page's navigator.sendBeacon while it is closed or reloaded mid-call: POST only, same body.
  router.post('/api/voice-sessions/:id/end', endSession);

  router.post('/api/voice-sessions/:id/heartbeat', async (req, res) => {
    await recordHeartbeat(context, verifiedEmail(res), parseSessionId(String(req.params.id)));
    res.status(204).end();
  });

  router.get('/api/voice-sessions/:userId', async (req, res) => {
    const { limit } = listQuerySchema.parse(req.query);
    const sessions = await listVoiceSessions(context, verifiedEmail(res), String(req.params.userId), limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json(sessions.map(toVoiceSessionView));
  });

  // The page's Vapi SDK calls this instead of Vapi (VAPI_PROXY_PATH is its API base).
  router.post(`${VAPI_PROXY_PATH}/call/web`, async (req, res) => {
    const { assistant } = createVapiWebCallSchema.parse(req.body ?? {});
    const call = await createVapiWebCall(context, assistants, verifiedEmail(res), assistant.voiceSessionId);
    res.status(201).json(call);
  });

  router.post('/api/voice-sessions/:id/turns', limits.voiceTurn, async (req, res) => {
    const id = parseSessionId(String(req.params.id));
    const { text } = voiceTurnSchema.parse(req.body ?? {});
    const caller = watchForDisconnect(res);
    const answer = await replyToVoiceTurn(context, verifiedEmail(res), id, text, caller.signal);
    if (answer) res.json(answer);
  });

  return router;
}

function parseSessionId(value: string): string {
  if (!isUuid(value)) throw notFound(SESSION_NOT_FOUND);
  return value;
}
