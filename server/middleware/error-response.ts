import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import { AppError, isUniqueViolation, postgresErrorCode } from '../lib/app-error';
import { describeError, isDatabaseUnavailable } from '../lib/database-errors';
import { UNSTORABLE_TEXT_MESSAGE } from '../../shared/text';
import { logger } from '../lib/logger';

export interface ErrorBody {
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

/**
 * The status and body an error becomes, for a JSON answer (the error middleware) and for a
 * streamed one's `error` event alike; outages and unexpected errors are logged here, once.
 * Bodies never carry stacks, SQL or upstream text.
 */
export function toErrorResponse(
  error: unknown,
  req: Request,
  res: Response,
): { status: number; body: ErrorBody } {
  const requestId = res.locals.requestId as string | undefined;
  const parsed = requestError(error);
  if (error instanceof AppError)
    return { status: error.status, body: { message: error.message, code: error.code, ...error.details } };
  if (error instanceof ZodError) {
    const fieldErrors = fieldErrorsOf(error);
    const message = error.issues[0]?.message ?? 'Invalid request.';
    return { status: 400, body: { message, code: 'bad_request', fieldErrors } };
  }
  if (parsed) return parsed;
  if (isUniqueViolation(error))
    return { status: 409, body: { message: 'This conflicts with an existing record.', code: 'conflict' } };
  if (isUnstorableText(error))
    return { status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE, code: 'bad_request' } };
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: the client may try again shortly.
    logger.warn('database unavailable', { requestId, method: req.method, ...describeError(error) });
    const message = 'The service is briefly unavailable. Please try again in a moment.';
    return { status: 503, body: { message, code: 'unavailable' } };
  }
  // The route pattern, not the URL: paths may carry e-mail addresses.
  const path = req.route ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
  logger.error('unhandled error', { requestId, method: req.method, path, ...describeError(error) });
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}
