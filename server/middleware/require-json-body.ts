import type { Request, RequestHandler } from 'express';
import { unsupportedMediaType } from '../lib/app-error';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The API reads JSON bodies only: a body of any other type (text/plain, a form, none declared)
 * answers 415 instead of being ignored and failing validation as if it were empty. Requests
 * without a body (a bare POST) pass. Mounted after the webhooks, which read their own bodies.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (!BODY_METHODS.has(req.method) || !hasBody(req) || req.is('application/json')) return next();
  next(unsupportedMediaType('The request body must be JSON (Content-Type: application/json).'));
};

/** A non-empty body: a positive Content-Length or a chunked one (its length unknown). */
function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > 0;
}
