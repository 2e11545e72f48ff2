import type { Env } from '../../env';
import { limiter } from '../../middleware/rate-limit';

type LimitEnv = Pick<
  Env,
  | 'CHAT_RATE_LIMIT_PER_MINUTE'
  | 'VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE'
  | 'CHECKOUT_RATE_LIMIT_PER_HOUR'
  | 'VERIFICATION_RATE_LIMIT_PER_HOUR'
  | 'VERIFY_RATE_LIMIT_PER_HOUR'
>;

/**
 * Per-IP limits of the voice endpoints a script could use to probe e-mails, flood inboxes,
 * guess codes or pile up checkouts. Built per app, so each test app starts with fresh counts.
 */
export function createVoiceRateLimits(env: LimitEnv) {
  return {
    lookup: limiter({
      windowMs: 60_000,
      limit: env.VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE,
      message: 'Too many look-ups from your network. Please wait a minute and try again.',
    }),
    checkout: limiter({
      windowMs: 60 * 60_000,
      limit: env.CHECKOUT_RATE_LIMIT_PER_HOUR,
      message: 'Too many checkouts were started from your network. Please try again later.',
    }),
    requestCode: limiter({
      windowMs: 60 * 60_000,
      limit: env.VERIFICATION_RATE_LIMIT_PER_HOUR,
      message: 'Too many codes were requested from your network. Please try again later.',
    }),
    // Each browser-voice turn costs a model call, like a chat message: the chat's limit applies.
    voiceTurn: limiter({
      windowMs: 60_000,
      limit: env.CHAT_RATE_LIMIT_PER_MINUTE,
      message: "You're talking faster than the clone can answer. Please wait a moment and try again.",
    }),
    verifyCode: limiter({
      windowMs: 60 * 60_000,
      limit: env.VERIFY_RATE_LIMIT_PER_HOUR,
      message: 'Too many code attempts from your network. Please try again later.',
    }),
  };
}
