import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import { sendMessageSchema } from '../../shared/chat';
import type { AppContext } from '../app-deps';
import { EventStream, wantsEventStream } from '../lib/event-stream';
import { watchForDisconnect } from '../lib/watch-for-disconnect';
import { toErrorResponse } from '../middleware/error-response';
import { ensureBrowserKeyHash, readBrowserKeyHash } from '../services/access/browser-key';
import {
  createConversation,
  deleteConversation,
  exportTranscript,
  listConversationMessages,
  listOwnConversations,
  requireOwnedConversation,
} from '../services/chat/conversations';
import { regenerateReply } from '../services/chat/regenerate-reply';
import {
  sendMessage,
  startReplyReads,
  type ReplyReads,
  type SendMessageDeps,
} from '../services/chat/send-message';
import { getOwnerCalendar } from '../services/clone/owner-calendar';

// POST /api/conversations, GET /api/conversations (this browser's own), GET .../:id/messages,
// POST .../:id/messages and POST .../:id/regenerate (JSON or SSE), GET .../:id/transcript,
// DELETE .../:id. Only the browser that created a conversation (its
// browser-key cookie) may use it; to any other it does not exist (404).
export function createConversationRoutes(context: AppContext): Router {
  const { database, chatModel, now } = context;
  const db = database.db;
  const calendar = getOwnerCalendar(context.env, context.content, now);
  const deps: SendMessageDeps = {
    db,
    dbFirstInLine: database.dbFirstInLine,
    chatModel,
    now,
    ownerName: context.content.profile.name,
    calendar,
  };
  const router = Router();
  router.use('/api/conversations', cookieParser());

  router.post('/api/conversations', context.rateLimits.createConversation, async (req, res) => {
    res.status(201).json(await createConversation(db, ensureBrowserKeyHash(req, res)));
  });

  // Only the conversations of the browser asking: its key is an HttpOnly cookie, so no other
  // page can list them; a browser without one has none (and gets no key from a read).
  router.get('/api/conversations', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listOwnConversations(db, readBrowserKeyHash(req)));
  });

  router.get('/api/conversations/:id/messages', async (req, res) => {
    res.json(await listConversationMessages(db, req.params.id, readBrowserKeyHash(req)));
  });

  router.delete('/api/conversations/:id', async (req, res) => {
    await deleteConversation(db, req.params.id, readBrowserKeyHash(req));
    res.status(204).end();
  });

  router.post(
    '/api/conversations/:id/messages',
    // The reply's first reads run while the rate limit counts the request: each is a database
    // round trip before the first token. A refused request leaves them unused.
    (req: Request<{ id: string }>, res: Response, next: () => void) => {
      if (readBrowserKeyHash(req)) res.locals.replyReads = startReplyReads(deps, req.params.id);
      next();
    },
    context.rateLimits.chatMessage,
    (req: Request<{ id: string }>, res: Response) => answerMessage(deps, req, res),
  );

  // A new answer costs a model call like a message: same rate limit, same budget check.
  router.post(
    '/api/conversations/:id/regenerate',
    context.rateLimits.chatMessage,
    (req: Request<{ id: string }>, res: Response) => answerRegenerate(deps, req, res),
  );

  router.get('/api/conversations/:id/transcript', async (req, res) => {
    const { id } = req.params;
    const profile = context.content.profile;
    const { fileName, transcript } = await exportTranscript(db, id, readBrowserKeyHash(req), profile, now());
    // Quoted, the form every browser and the client's filename parsing read alike.
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.type('json').send(JSON.stringify(transcript, null, 2));
  });

  return router;
}

async function answerMessage(deps: SendMessageDeps, req: Request<{ id: string }>, res: Response) {
  const reads = res.locals.replyReads as ReplyReads | undefined;
  const { content } = sendMessageSchema.parse(req.body ?? {});
  const ownerKeyHash = readBrowserKeyHash(req);
  const { signal } = watchForDisconnect(res);

  if (!wantsEventStream(req)) {
    const outcome = await sendMessage(deps, req.params.id, ownerKeyHash, content, { reads, signal });
    if (outcome.isAborted) return;
    const { isAborted: _isAborted, ...response } = outcome;
    res.json(response);
    return;
  }

  // Errors before the visitor message is stored (404) are still plain JSON answers; once the
  // stream has started they arrive as its `error` event.
  await streamAnswer(req, res, async (stream) => {
    const outcome = await sendMessage(deps, req.params.id, ownerKeyHash, content, {
      reads,
      signal,
      onUserMessage: (message) => stream.open().send({ event: 'user', data: { message } }),
      onDelta: (text) => stream.sendDelta(text),
    });
    if (outcome.isAborted) return;
    const { assistantMessage: message, shouldShowContactForm } = outcome;
    stream.end({ event: 'done', data: { message, shouldShowContactForm } });
  });
}

async function answerRegenerate(deps: SendMessageDeps, req: Request<{ id: string }>, res: Response) {
  await requireOwnedConversation(deps.db, req.params.id, readBrowserKeyHash(req));
  const { signal } = watchForDisconnect(res);
  if (!wantsEventStream(req)) {
    const outcome = await regenerateReply(deps, req.params.id, { signal });
    if (!outcome.isAborted) res.json({ assistantMessage: outcome.assistantMessage });
    return;
  }
  // The 409 (nothing to regenerate) and a 503 before the model starts stay plain JSON.
  await streamAnswer(req, res, async (stream) => {
    const outcome = await regenerateReply(deps, req.params.id, {
      signal,
      onDelta: (text) => stream.open().sendDelta(text),
    });
    if (outcome.isAborted) return;
    const data = { message: outcome.assistantMessage, shouldShowContactForm: false };
    stream.open().end({ event: 'done', data });
  });
}

/**
 * Runs a streamed answer. An error before the stream opened reaches the error middleware (a plain
 * JSON answer); after, it ends the stream as an `error` event, mapped the same way.
 */
async function streamAnswer(req: Request, res: Response, write: (stream: EventStream) => Promise<void>) {
  const stream = new EventStream(res);
  try {
    await write(stream);
  } catch (error) {
    if (!stream.isOpen) throw error;
    const { status, body } = toErrorResponse(error, req, res);
    stream.end({ event: 'error', data: { message: body.message, status } });
  }
}
