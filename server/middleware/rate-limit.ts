import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { rateLimited } from '../lib/app-error';

export interface LimiterOptions {
  windowMs: number;
  /** Requests one IP address may make in each window. */
  limit: number;
  /** What the visitor reads on the 429. */
  message: string;
  /** Leave answers of 400 and above out of the count. */
  skipFailedRequests?: boolean;
}

/**
 * A per-IP limit that answers through the one error middleware (JSON 429 {message, code}), with
 * the standard RateLimit headers. Build one per app, so each test app starts with fresh counts.
 */
export function limiter({
  windowMs,
  limit,
  message,
  skipFailedRequests = false,
}: LimiterOptions): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(rateLimited(message)),
  });
}
