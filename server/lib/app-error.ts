// The one error type services throw. The error middleware turns it into an HTTP answer; its
// message is shown to visitors, so it must be written for them.
export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  // 403s the voice page tells apart: no active plan, or no minutes left this period.
  | 'subscription_required'
  | 'minutes_exhausted'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'upstream'
  | 'unavailable'
  | 'timeout';

const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  subscription_required: 403,
  minutes_exhausted: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
};

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: { fieldErrors?: Record<string, string[]> },
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('bad_request', message, fieldErrors ? { fieldErrors } : undefined);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unsupportedMediaType = (message: string) => new AppError('unsupported_media_type', message);
export const rateLimited = (message: string) => new AppError('rate_limited', message);
export const upstream = (message: string) => new AppError('upstream', message);
export const unavailable = (message: string) => new AppError('unavailable', message);
export const upstreamTimeout = (message: string) => new AppError('timeout', message);

/** drizzle 0.45 wraps driver errors; the Postgres code sits on `cause` for both drivers. */
export function postgresErrorCode(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === '23505';
