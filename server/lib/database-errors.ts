// How errors from the database (either driver) are told apart and described for the log.
import { logger } from './logger';

/** Seconds a client is asked to wait before trying again when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Postgres codes meaning the database cannot serve now but may soon: connection exceptions
 * (class 08), the server shutting down or starting (57P01-57P03), too many connections or out of
 * resources (53xxx), a statement cancelled by its timeout (57014), and a transaction chosen as a
 * deadlock victim or failing serialization (40P01, 40001), which succeeds when tried again.
 */
const UNAVAILABLE_CODE = /^(08...|57P0[123]|53...|57014|40P01|40001)$/;
/** Socket errors from the driver reaching the server. */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * What node-postgres and PGlite say when a connection or the embedded database is gone (a query
 * racing PGlite's close fails inside its wasm glue, on a function of the freed module).
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos(ed|ing)|reading '_Postgres\w+'/;

/** The error and its causes, outermost first (drizzle 0.45 wraps driver errors). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** True when the error means the database is down or unreachable, not that the request is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((candidate) => {
    const code = (candidate as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && (UNAVAILABLE_CODE.test(code) || UNREACHABLE_ERRNO.has(code))) return true;
    // PGlite's WebAssembly runtime failing leaves the embedded database unusable.
    if (candidate instanceof WebAssembly.RuntimeError) return true;
    return candidate instanceof Error && UNAVAILABLE_MESSAGE.test(candidate.message);
  });
}

/** A query error from drizzle: its message carries the query's parameters (visitors' data). */
function isQueryError(error: unknown): boolean {
  return error instanceof Error && 'query' in error && 'params' in error;
}

/** An error reported by the Postgres server (or PGlite): its message may quote the values. */
function isServerError(error: unknown): boolean {
  return error instanceof Error && 'severity' in error && 'code' in error;
}

/**
 * Fields for logging an error without the data it was about: a database error gives its
 * Postgres code (and constraint), never the query's parameters or the server's message, which
 * can quote a value; driver errors (a lost connection) keep their message; other errors keep
 * message and stack.
 */
export function describeError(error: unknown): Record<string, string | undefined> {
  const chain = causeChain(error);
  if (!chain.some((candidate) => isQueryError(candidate) || isServerError(candidate))) {
    if (!(error instanceof Error)) return { error: String(error) };
    return { error: `${error.name}: ${error.message}`, stack: error.stack };
  }
  const driverError = chain.find(
    (candidate) => candidate instanceof Error && !isQueryError(candidate) && !isServerError(candidate),
  ) as Error | undefined;
  const firstString = (key: 'code' | 'constraint') =>
    chain
      .map((candidate) => (candidate as Record<string, unknown>)[key])
      .find((v) => typeof v === 'string') as string | undefined;
  return {
    error: driverError ? `database error: ${driverError.message}` : 'database error',
    pgCode: firstString('code'),
    constraint: firstString('constraint'),
  };
}

/**
 * Logs a failed background job (a sweep, a counter): a database outage is a warning, since the
 * job runs again once it is back; anything else is an error. Never the data it was about.
 */
export function logBackgroundFailure(message: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) logger.warn(message, describeError(error));
  else logger.error(message, describeError(error));
}
