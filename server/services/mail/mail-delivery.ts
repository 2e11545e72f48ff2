import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { describeError, isDatabaseUnavailable } from '../../lib/database-errors';
import { logger } from '../../lib/logger';
import { getInviteMethod } from './calendar-invite';
import {
  deleteOutboxEntry,
  listPendingOutboxEntries,
  markOutboxEntryFailed,
  markOutboxEntrySent,
} from '../../storage/email-outbox';

const MAX_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 60_000;

/**
 * The recipient of owner notifications written while OWNER_EMAIL is unset. Such rows are kept
 * (not attempted) until OWNER_EMAIL is configured, then sent to it, so nothing meant for the
 * owner is lost or bounced.
 */
export const OWNER_ADDRESS = 'owner';

/**
 * The kind of the mails that carry a verification code in plain text (access/verification-codes):
 * deleted once sent, and by the retention sweep once the code expired unsent.
 */
export const VERIFICATION_CODE_KIND = 'verification-code';

/** The From: header as configured: SMTP_FROM (may read "Name <address>"), else OWNER_EMAIL. */
function getFromHeader(env: Pick<Env, 'SMTP_FROM' | 'OWNER_EMAIL'>): string {
  return env.SMTP_FROM ?? env.OWNER_EMAIL ?? 'no-reply@localhost';
}

/** The bare address of the From: header. */
export function getFromAddress(env: Pick<Env, 'SMTP_FROM' | 'OWNER_EMAIL'>): string {
  const from = getFromHeader(env);
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * Delivers the e-mail outbox. Services write outbox rows inside their own transactions
 * (storage/email-outbox.ts); this sends them afterwards, so a failing mail server never loses
 * what caused the mail. Without SMTP_URL the rows simply stay in the outbox (and development
 * logs them) until SMTP is configured; rows for the owner (OWNER_ADDRESS) likewise wait for
 * OWNER_EMAIL.
 */
export interface MailDelivery {
  readonly isConfigured: boolean;
  /** Sends what is pending now; resolves when this round is done. Never throws. */
  flush(): Promise<void>;
  /** Starts periodic retries of failed sends; returns a stopper. */
  start(): () => void;
}

export function createMailDelivery(env: Env, db: Database, now: () => Date): MailDelivery {
  const smtpUrl = env.SMTP_URL;
  // nodemailer loads with the first mail: a site without SMTP never holds it in memory.
  let transport: Promise<Transporter> | undefined;
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  const from = getFromHeader(env);
  let running: Promise<void> | undefined;
  // After a failed send an entry waits before its next attempt, so a burst of flushes during a
  // mail-server outage does not use up its attempts within seconds. In memory: a restart simply
  // retries at once.
  const retryNotBefore = new Map<string, number>();

  // Without SMTP, development prints each kept message once, in full, like a console mail backend.
  const printedIds = new Set<string>();
  async function printKeptEntries() {
    if (env.NODE_ENV !== 'development') return;
    // Newest first: what was just written is always in the batch, however much waits before it.
    const entries = await listPendingOutboxEntries(db, { maxAttempts: MAX_ATTEMPTS, isNewestFirst: true });
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
  }

  async function deliverPending() {
    if (!smtpUrl) return printKeptEntries();
    // Without OWNER_EMAIL, rows for the owner wait; leaving them out of the round keeps them from
    // filling every batch ahead of the visitors' mail.
    const skipAddress = env.OWNER_EMAIL ? undefined : OWNER_ADDRESS;
    const entries = await listPendingOutboxEntries(db, { maxAttempts: MAX_ATTEMPTS, skipAddress });
    for (const entry of entries) {
      const to = entry.toAddress === OWNER_ADDRESS ? env.OWNER_EMAIL! : entry.toAddress;
      if ((retryNotBefore.get(entry.id) ?? 0) > now().getTime()) continue;
      try {
        await (
          await getTransport()
        ).sendMail({
          from,
          to,
          subject: entry.subject,
          text: entry.body,
          icalEvent: entry.icsContent
            ? { method: getInviteMethod(entry.icsContent), content: entry.icsContent }
            : undefined,
        });
        if (entry.kind === VERIFICATION_CODE_KIND) await deleteOutboxEntry(db, entry.id);
        else await markOutboxEntrySent(db, entry.id, now());
        retryNotBefore.delete(entry.id);
      } catch (error) {
        retryNotBefore.set(entry.id, now().getTime() + RETRY_INTERVAL_MS * (entry.attempts + 1));
        logger.error('mail delivery failed', {
          id: entry.id,
          kind: entry.kind,
          error: redactAddresses((error as Error).message),
        });
        await markOutboxEntryFailed(db, entry, (error as Error).message, MAX_ATTEMPTS);
      }
    }
  }

  let isRoundRequested = false;
  const flush = () => {
    // One round at a time. A flush asked for during a round gets one more round after it, so
    // rows written while a round was running are not left for the periodic retry.
    if (running) {
      isRoundRequested = true;
      return running;
    }
    running = (async () => {
      do {
        isRoundRequested = false;
        await deliverPending().catch((error: unknown) => {
          const { error: description = '', pgCode } = describeError(error);
          // A database outage is retried by the next round: a warning, not a bug.
          const log = isDatabaseUnavailable(error) ? logger.warn : logger.error;
          log('outbox flush failed', { error: redactAddresses(description), pgCode });
        });
      } while (isRoundRequested);
    })().finally(() => (running = undefined));
    return running;
  };

  return {
    isConfigured: Boolean(smtpUrl),
    flush,
    start() {
      if (!smtpUrl) return () => {};
      const timer = setInterval(() => void flush(), RETRY_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** SMTP errors often quote the recipient; logs never carry e-mail addresses. */
function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"']+/g, '<address>');
}
