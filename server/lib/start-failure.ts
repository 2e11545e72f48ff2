import { logger } from './logger';

/** A start that cannot go on, with one line saying what to change (a folder, a port, an address). */
export class StartError extends Error {
  override name = 'StartError';
}

interface DatabaseCause {
  code: string;
  message: string;
}

/**
 * The database's own code and message, from the error or a cause of it: drizzle wraps the
 * driver's error ("Failed query: CREATE TABLE ..."), and the reason is on its cause.
 */
function findDatabaseCause(error: unknown): DatabaseCause | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth += 1) {
    const { code, message, severity } = current as { code?: unknown; message?: unknown; severity?: unknown };
    // A Postgres error (either driver) carries a severity and a five-character SQLSTATE.
    if (typeof severity === 'string' && typeof code === 'string' && typeof message === 'string')
      return { code, message };
  }
  return undefined;
}

/**
 * One line for a failed start: what failed, and for a database error the database's code and
 * message (at start that is a migration or a connection, no visitor's data). The query text
 * drizzle puts in its message is left out.
 */
export function describeStartFailure(error: unknown): { summary: string; fields: Record<string, string> } {
  const database = findDatabaseCause(error);
  if (database) {
    const summary = `the database refused: ${database.message} (${database.code})`;
    return { summary, fields: { reason: database.message, pgCode: database.code } };
  }
  if (error instanceof StartError) return { summary: error.message, fields: { reason: error.message } };
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    summary: text,
    fields: { reason: text, ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) },
  };
}

/**
 * Logs a failed start as one JSON line like every other line, and, for a person at a terminal,
 * once more as plain text.
 */
export function reportStartFailure(error: unknown): void {
  const { summary, fields } = describeStartFailure(error);
  logger.error('failed to start', fields);
  if (process.stderr.isTTY) process.stderr.write(`Failed to start: ${summary}\n`);
}
