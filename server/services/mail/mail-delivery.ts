import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { logger } from '../../lib/logger';
import {
  listPendingOutboxEntries,
  markOutboxEntryFailed,
  markOutboxEntrySent,
} from '../../storage/email-outbox';

const MAX_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 60_000;

/**
 * Delivers the e-mail outbox. Services write outbox rows inside their own transactions
 * (storage/email-outbox.ts); this sends them afterwards, so a failing mail server never loses
 * what caused the mail. Without SMTP_URL the rows simply stay in the outbox (and development
 * logs them) until SMTP is configured.
 */
export interface MailDelivery {
  readonly isConfigured: boolean;
  /** Sends what is pending now; resolves when this round is done. Never throws. */
  flush(): Promise<void>;
  /** Starts periodic retries of failed sends; returns a stopper. */
  start(): () => void;
}

export function createMailDelivery(env: Env, db: Database, now: () => Date): MailDelivery {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  const from = env.SMTP_FROM ?? env.OWNER_EMAIL ?? 'no-reply@localhost';
  let running: Promise<void> | undefined;

  async function deliverPending() {
    const entries = await listPendingOutboxEntries(db, MAX_ATTEMPTS);
    for (const entry of entries) {
      if (!transport) {
        if (env.NODE_ENV === 'development')
          logger.info('outbox (no SMTP_URL): kept for later', { kind: entry.kind, subject: entry.subject });
        continue;
      }
      try {
        await transport.sendMail({
          from,
          to: entry.toAddress,
          subject: entry.subject,
          text: entry.body,
          icalEvent: entry.icsContent ? { method: 'REQUEST', content: entry.icsContent } : undefined,
        });
        await markOutboxEntrySent(db, entry.id, now());
      } catch (error) {
        logger.error('mail delivery failed', { kind: entry.kind, error: (error as Error).message });
        await markOutboxEntryFailed(db, entry, (error as Error).message, MAX_ATTEMPTS);
      }
    }
  }

  const flush = () => {
    // One round at a time; a flush asked for during a round waits for it.
    running ??= deliverPending()
      .catch((error: unknown) => logger.error('outbox flush failed', { error: String(error) }))
      .finally(() => (running = undefined));
    return running;
  };

  return {
    isConfigured: Boolean(transport),
    flush,
    start() {
      if (!transport) return () => {};
      const timer = setInterval(() => void flush(), RETRY_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
