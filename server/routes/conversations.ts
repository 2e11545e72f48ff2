import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import { sendMessageSchema, type ChatStreamEvent } from '../../shared/chat';
import type { AppContext } from '../app-deps';
import { AppError } from '../lib/app-error';
import { describeError, isDatabaseUnavailable } from '../lib/database-errors';
import { logger } from '../lib/logger';
import { watchForDisconnect } from '../lib/watch-for-disconnect';
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
import { sendMessage, startReplyReads, type ReplyReads } from '../services/chat/send-message';
import { getOwnerCalendar } from '../services/clone/chat-model';

// POST /api/conversations, GET /api/conversations (this browser's own), GET .../:id/messages,
// POST .../:id/messages and POST .../:id/regenerate (JSON or SSE), GET .../:id/transcript,
// DELETE .../:id. Only the browser that created a conversation (its
// browser-key cookie) may use it; to any other it does not exist (404).
export function createConversationRoutes(context: AppContext): Router {
  const { database, chatModel, now } = context;
  const calendar = getOwnerCalendar(context.env, context.content, now);
  const db = database.db;
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
      if (readBrowserKeyHash(req))
        res.locals.replyReads = startReplyReads({ db, chatModel, now }, req.params.id);
      next();
    },
    context.rateLimits.chatMessage,
    async (req: Request<{ id: string }>, res: Response) => {
      const reads = res.locals.replyReads as ReplyReads | undefined;
      const { content } = sendMessageSchema.parse(req.body ?? {});
      const ownerKeyHash = readBrowserKeyHash(req);
      const visitor = watchForDisconnect(res);
      const deps = { db, chatModel, now, ownerName: context.content.profile.name, calendar };

      if (req.accepts(['application/json', 'text/event-stream']) !== 'text/event-stream') {
        const outcome = await sendMessage(deps, req.params.id, ownerKeyHash, content, {
          reads,
          signal: visitor.signal,
        });
        if (outcome.isAborted) return;
        const { isAborted: _isAborted, ...response } = outcome;
        res.json(response);
        return;
      }

      // Errors before the visitor message is stored (404) are still plain JSON answers; once the
      // stream has started they arrive as its `error` event.
      const stream = new EventStream(res);
      try {
        const outcome = await sendMessage(deps, req.params.id, ownerKeyHash, content, {
          reads,
          signal: visitor.signal,
          onUserMessage: (message) => stream.open().send({ event: 'user', data: { message } }),
          onDelta: (text) => stream.sendDelta(text),
        });
        if (outcome.isAborted) return;
        const { assistantMessage: message, shouldShowContactForm } = outcome;
        stream.end({ event: 'done', data: { message, shouldShowContactForm } });
      } catch (error) {
        if (!stream.isOpen) throw error;
        stream.end({ event: 'error', data: streamError(error, res) });
      }
    },
  );

  // A new answer costs a model call like a message: same rate limit, same budget check.
  router.post(
    '/api/conversations/:id/regenerate',
    context.rateLimits.chatMessage,
    async (req: Request<{ id: string }>, res: Response) => {
      await requireOwnedConversation(db, req.params.id, readBrowserKeyHash(req));
      const visitor = watchForDisconnect(res);
      if (req.accepts(['application/json', 'text/event-stream']) !== 'text/event-stream') {
        const outcome = await regenerateReply({ db, chatModel }, req.params.id, { signal: visitor.signal });
        if (!outcome.isAborted) res.json({ assistantMessage: outcome.assistantMessage });
        return;
      }
      // The 409 (nothing to regenerate) and a 503 before the model starts stay plain JSON.
      const stream = new EventStream(res);
      try {
        const outcome = await regenerateReply({ db, chatModel }, req.params.id, {
          signal: visitor.signal,
          onDelta: (text) => stream.open().sendDelta(text),
        });
        if (outcome.isAborted) return;
        stream.open().end({
          event: 'done',
          data: { message: outcome.assistantMessage, shouldShowContactForm: false },
        });
      } catch (error) {
        if (!stream.isOpen) throw error;
        stream.end({ event: 'error', data: streamError(error, res) });
      }
    },
  );

  router.get('/api/conversations/:id/transcript', async (req, res) => {
    const { fileName, transcript } = await exportTranscript(
      db,
      req.params.id,
      readBrowserKeyHash(req),
      context.content.profile,
      now(),
    );
    // Quoted, the form every browser and the client's filename parsing read alike.
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.type('json').send(JSON.stringify(transcript, null, 2));
  });

  return router;
}

/**
 * Delta text that arrives within this long of a write goes out with the next write, as one event:
 * the visitor still sees the reply word by word, and a busy server makes fewer socket writes.
 */
const DELTA_COALESCE_MS = 10;

/**
 * Server-sent events, written as `event: <name>\ndata: <json>\n\n`. The first delta is written at
 * once; later ones are gathered for up to DELTA_COALESCE_MS and sent as one `delta` (the client
 * appends deltas, so the text is the same). Every other event flushes what is gathered first.
 */
class EventStream {
  isOpen = false;
  private hasSentDelta = false;
  private gathered = '';
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly res: Response) {}

  open(): this {
    if (this.isOpen) return this;
    this.isOpen = true;
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('Connection', 'keep-alive');
    // Proxies such as nginx would otherwise hold the deltas back.
    this.res.setHeader('X-Accel-Buffering', 'no');
    // No flushHeaders(): the headers go out with the first event, in the same socket write.
    return this;
  }

  sendDelta(text: string) {
    if (!this.hasSentDelta) {
      this.hasSentDelta = true;
      this.send({ event: 'delta', data: { text } });
      return;
    }
    this.gathered += text;
    this.flushTimer ??= setTimeout(() => this.send(), DELTA_COALESCE_MS);
  }

  /** Writes the gathered delta text, then `event` if given, in one write. */
  send(event?: ChatStreamEvent) {
    const text = this.takeText(event);
    if (text && this.isOpen && !this.res.writableEnded && !this.res.destroyed) this.res.write(text);
  }

  /** Ends the stream with the gathered text and `event`, in the response's last write. */
  end(event?: ChatStreamEvent) {
    const text = this.takeText(event);
    if (this.res.writableEnded) return;
    if (text && this.isOpen && !this.res.destroyed) this.res.end(text);
    else this.res.end();
  }

  private takeText(event: ChatStreamEvent | undefined): string {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const gathered = this.gathered ? formatEvent({ event: 'delta', data: { text: this.gathered } }) : '';
    this.gathered = '';
    return gathered + (event ? formatEvent(event) : '');
  }
}

function formatEvent({ event, data }: ChatStreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function streamError(error: unknown, res: Response): { message: string; status: number } {
  if (error instanceof AppError) return { message: error.message, status: error.status };
  const requestId = res.locals.requestId as string | undefined;
  if (isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { requestId, ...describeError(error) });
    return { message: 'The service is briefly unavailable. Please try again in a moment.', status: 503 };
  }
  logger.error('chat stream failed', { requestId, ...describeError(error) });
  return { message: 'Something went wrong on our side. Please try again.', status: 500 };
}
