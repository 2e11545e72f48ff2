import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { logger } from '../lib/logger';

/** Gives every request an id (echoed as X-Request-Id) and logs one line when it finishes. */
export const requestContext: RequestHandler = (req, res, next) => {
  const requestId = randomUUID();
  const started = process.hrtime.bigint();
  res.locals.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  res.on('finish', () => {
    if (!req.path.startsWith('/api')) return;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info('request', {
      requestId,
      method: req.method,
      // The route pattern, not the URL: paths may carry e-mail addresses, which are never logged.
      path: req.route ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched',
      status: res.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
    });
  });
  next();
};
