import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, isUniqueViolation, postgresErrorCode } from '../lib/app-error';
import { describeError, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/database-errors';
import { UNSTORABLE_TEXT_MESSAGE } from '../../shared/text';
import { logger } from '../lib/logger';

interface ErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
  requestId?: string;
}

function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

const UNREADABLE_BODY = { message: 'The request body could not be read.', code: 'bad_request' } as const;

/**
 * Turns what the request plumbing throws into its status and message: body-parser errors
 * (malformed JSON, too large, a declared encoding or charset the body does not have) and the
 * router's URIError for a path that is not valid percent-encoded UTF-8 (`%ff`). Their own
 * messages quote the input, so visitors get ours.
 */
function requestError(error: unknown): { status: number; body: ErrorBody } | undefined {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.parse.failed')
    return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'bad_request' } };
  if (type === 'entity.too.large')
    return { status: 413, body: { message: 'The request body is too large.', code: 'payload_too_large' } };
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return {
      status: 415,
      body: { message: 'Unsupported request encoding.', code: 'unsupported_media_type' },
    };
  if (error instanceof URIError)
    return { status: 400, body: { message: 'The address is not valid.', code: 'bad_request' } };
  // Anything else body-parser or raw-body refuses (a body declared gzip that is not, a length
  // that does not match) is an http-errors 4xx.
  if (typeof status === 'number' && status >= 400 && status < 500 && isHttpError(error))
    return { status: status === 413 || status === 415 ? status : 400, body: UNREADABLE_BODY };
  return undefined;
}

const isHttpError = (error: unknown) =>
  error instanceof Error && (error as { expose?: unknown }).expose === true;

/** Text PostgreSQL cannot hold (NUL, bytes the encoding lacks) that got past validation. */
const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(postgresErrorCode(error) ?? '');

// The only place where errors become HTTP answers. Bodies never carry stacks, SQL or upstream text.
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  const requestId = res.locals.requestId as string | undefined;
  if (res.headersSent) {
    // A streamed answer already started: the stream code reports errors in-band.
    logger.error('error after response started', { requestId, ...describeError(error) });
    return next(error);
  }

  let status = 500;
  let body: ErrorBody = { message: 'Something went wrong on our side. Please try again.' };
  const parsed = requestError(error);
  if (error instanceof AppError) {
    status = error.status;
    body = { message: error.message, code: error.code, ...error.details };
  } else if (error instanceof ZodError) {
    status = 400;
    const fieldErrors = fieldErrorsOf(error);
    body = { message: error.issues[0]?.message ?? 'Invalid request.', code: 'bad_request', fieldErrors };
  } else if (parsed) {
    ({ status, body } = parsed);
  } else if (isUniqueViolation(error)) {
    status = 409;
    body = { message: 'This conflicts with an existing record.', code: 'conflict' };
  } else if (isUnstorableText(error)) {
    status = 400;
    body = { message: UNSTORABLE_TEXT_MESSAGE, code: 'bad_request' };
  } else if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: the client may try again shortly.
    status = 503;
    body = {
      message: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    };
    logger.warn('database unavailable', { requestId, method: req.method, ...describeError(error) });
  } else {
    // The route pattern, not the URL: paths may carry e-mail addresses.
    const path = req.route ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
    logger.error('unhandled error', { requestId, method: req.method, path, ...describeError(error) });
  }
  if (status === 503 && !res.hasHeader('Retry-After'))
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).json({ ...body, requestId });
};
