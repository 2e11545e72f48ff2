import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import { rateLimited } from '../lib/app-error';
import { deleteExpiredHits } from '../storage/rate-limit-hits';
import { DatabaseRateLimitStore } from './rate-limit-store';
import { logBackgroundFailure } from '../lib/database-errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How often rows of ended windows are deleted. */
const SWEEP_INTERVAL_MS = 5 * MINUTE;

// The deps it needs, named here rather than picked from AppDeps, which imports RateLimits.
type RateLimitContext = { env: Env; database: DatabaseHandle };

export interface LimiterOptions {
  /** Names the count in the database: two limiters with one name share it. */
  name: string;
  windowMs: number;
  /** Requests one IP address may make in each window. */
  limit: number;
  /** What the visitor reads on the 429. */
  message: string;
  /** Leave answers of 400 and above out of the count. */
  skipFailedRequests?: boolean;
}

/**
 * Every per-IP limit of the site, in one place. The counts live in the database, so all
 * instances of the site share one limit, and a restart does not forget them.
 */
export function createRateLimits(context: RateLimitContext) {
  const { env } = context;
  const limit = (options: LimiterOptions) => limiter(context, options);
  return {
    // Each conversation is a row and the start of model calls: a script may not open thousands.
    createConversation: limit({
      name: 'conversation',
      windowMs: HOUR,
      limit: env.CONVERSATION_RATE_LIMIT_PER_HOUR,
      message: "You've started many conversations. Please continue one of them or try again later.",
    }),
    // Every message costs a model call: one IP address gets a bounded number per minute.
    chatMessage: limit({
      name: 'chat-message',
      windowMs: MINUTE,
      limit: env.CHAT_RATE_LIMIT_PER_MINUTE,
      message: "You're sending messages too quickly. Please wait a minute and try again.",
    }),
    // Stored requests per hour: without a bound one script could take every slot. Refused
    // requests (400, 409) do not count, so a visitor fixing a form is never locked out.
    contactRequest: limit({
      name: 'contact-request',
      windowMs: HOUR,
      limit: env.CONTACT_RATE_LIMIT_PER_HOUR,
      message:
        "You've sent several requests already. Please try again later or reply to the confirmation e-mail.",
      skipFailedRequests: true,
    }),
    // Owner sign-in: requests per address here; guesses per address and account are slowed by
    // services/owner/sign-in-throttle.ts (docs/decisions/017).
    ownerSignIn: limit({
      name: 'owner-sign-in',
      windowMs: 15 * MINUTE,
      limit: 10,
      message: 'Too many sign-in attempts from this address. Please wait 15 minutes and try again.',
    }),
    // The voice endpoints a script could use to probe e-mails, flood inboxes, guess codes or
    // pile up checkouts.
    voice: {
      lookup: limit({
        name: 'voice-lookup',
        windowMs: MINUTE,
        limit: env.VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE,
        message: 'Too many look-ups from your network. Please wait a minute and try again.',
      }),
      checkout: limit({
        name: 'checkout',
        windowMs: HOUR,
        limit: env.CHECKOUT_RATE_LIMIT_PER_HOUR,
        message: 'Too many checkouts were started from your network. Please try again later.',
      }),
      requestCode: limit({
        name: 'verification-code',
        windowMs: HOUR,
        limit: env.VERIFICATION_RATE_LIMIT_PER_HOUR,
        message: 'Too many codes were requested from your network. Please try again later.',
      }),
      verifyCode: limit({
        name: 'verify-code',
        windowMs: HOUR,
        limit: env.VERIFY_RATE_LIMIT_PER_HOUR,
        message: 'Too many code attempts from your network. Please try again later.',
      }),
      // Each browser-voice turn costs a model call, like a chat message: the chat's limit applies.
      voiceTurn: limit({
        name: 'voice-turn',
        windowMs: MINUTE,
        limit: env.CHAT_RATE_LIMIT_PER_MINUTE,
        message: "You're talking faster than the clone can answer. Please wait a moment and try again.",
      }),
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/**
 * A per-IP limit that answers through the one error middleware (JSON 429 {message, code}), with
 * the standard RateLimit headers. The client's address is `req.ip`, which follows TRUST_PROXY.
 */
export function limiter(
  { database }: RateLimitContext,
  { name, windowMs, limit, message, skipFailedRequests = false }: LimiterOptions,
): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests,
    store: new DatabaseRateLimitStore(database.db, name),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Any client may send these headers; with TRUST_PROXY at 0 they are ignored on purpose, and
    // the library's warning about them (on console.error) would only let visitors fill the log.
    validate: { xForwardedForHeader: false, forwardedHeader: false },
    handler: (_req, _res, next) => next(rateLimited(message)),
  });
}

/** Deletes the counts of ended windows now and then; returns a stopper. */
export function startRateLimitSweep({ database }: RateLimitContext): () => void {
  const timer = setInterval(() => {
    deleteExpiredHits(database.db, new Date()).catch((error: unknown) =>
      logBackgroundFailure('rate limit sweep failed', error),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
