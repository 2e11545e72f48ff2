import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { Env } from '../../env';
import { rateLimited } from '../../lib/app-error';

type LimitEnv = Pick<
  Env,
  | 'CHAT_RATE_LIMIT_PER_MINUTE'
  | 'VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE'
  | 'CHECKOUT_RATE_LIMIT_PER_HOUR'
  | 'VERIFICATION_RATE_LIMIT_PER_HOUR'
  | 'VERIFY_RATE_LIMIT_PER_HOUR'
>;

function limiter(windowMs: number, limit: number, message: string): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The one error middleware answers: JSON 429 {message, code}.
    handler: (_req, _res, next) => next(rateLimited(message)),
  });
}

/**
 * Per-IP limits of the voice endpoints a script could use to probe e-mails, flood inboxes,
 * guess codes or pile up checkouts. Built per app, so each test app starts with fresh counts.
 */
export function createVoiceRateLimits(env: LimitEnv) {
  return {
    lookup: limiter(
      60_000,
      env.VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE,
      'Too many look-ups from your network. Please wait a minute and try again.',
    ),
    checkout: limiter(
      60 * 60_000,
      env.CHECKOUT_RATE_LIMIT_PER_HOUR,
      'Too many checkouts were started from your network. Please try again later.',
    ),
    requestCode: limiter(
      60 * 60_000,
      env.VERIFICATION_RATE_LIMIT_PER_HOUR,
      'Too many codes were requested from your network. Please try again later.',
    ),
    // Each browser-voice turn costs a model call, like a chat message: the chat's limit applies.
    voiceTurn: limiter(
      60_000,
      env.CHAT_RATE_LIMIT_PER_MINUTE,
      "You're talking faster than the clone can answer. Please wait a moment and try again.",
    ),
    verifyCode: limiter(
      60 * 60_000,
      env.VERIFY_RATE_LIMIT_PER_HOUR,
      'Too many code attempts from your network. Please try again later.',
    ),
  };
}
