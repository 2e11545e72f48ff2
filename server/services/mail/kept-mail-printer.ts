import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { listNewestPendingOutboxEntries } from '../../storage/email-outbox';

/**
 * Without SMTP, development prints each kept message once, in full, like a console mail backend;
 * elsewhere the returned printer does nothing.
 */
export function createKeptMailPrinter(env: Pick<Env, 'NODE_ENV'>, db: Database): () => Promise<void> {
  const printedIds = new Set<string>();
  return async function printKeptEntries() {
    if (env.NODE_ENV !== 'development') return;
    // Newest first: what was just written is always in the batch, however much waits before it.
    const entries = await listNewestPendingOutboxEntries(db);
    for (const entry of entries.reverse()) {
      if (printedIds.has(entry.id)) continue;
      printedIds.add(entry.id);
      // Development only, for the developer's own console: not the structured log, which never
      // carries addresses or bodies.
      process.stdout.write(
        `\n--- e-mail kept in the outbox (no SMTP_URL), ${entry.kind} ${entry.id}\n` +
          `To: ${entry.toAddress}\nSubject: ${entry.subject}\n\n${entry.body}\n---\n`,
      );
    }
  };
}
