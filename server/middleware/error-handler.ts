import type { ErrorRequestHandler } from 'express';
import { describeError, RETRY_AFTER_SECONDS } from '../lib/database-errors';
import { logger } from '../lib/logger';
import { toErrorResponse } from './error-response';

// The only place where errors become HTTP answers (streamed answers map theirs with the same
// toErrorResponse). Bodies never carry stacks, SQL or upstream text.
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  const requestId = res.locals.requestId as string | undefined;
  if (res.headersSent) {
    // A streamed answer already started: the stream code reports errors in-band.
    logger.error('error after response started', { requestId, ...describeError(error) });
    return next(error);
  }

  const { status, body } = toErrorResponse(error, req, res);
  if (status === 503 && !res.hasHeader('Retry-After'))
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).json({ ...body, requestId });
};
