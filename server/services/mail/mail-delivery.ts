import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { describeError, isDatabaseUnavailable } from '../../lib/database-errors';
import { logger } from '../../lib/logger';
import { getInviteMethod } from './calendar-invite';
import { createKeptMailPrinter } from './kept-mail-printer';
import type { EmailOutboxEntry } from '../../../shared/schema';
import {
  claimOutboxEntries,
  deleteOutboxEntry,
  failAbandonedOutboxEntries,
  markOutboxEntryFailed,
  markOutboxEntrySent,
  releaseOutboxEntries,
} from '../../storage/email-outbox';

/** Sends of one mail before it is kept as failed (the owner's desk can retry it). */
export const MAX_ATTEMPTS = 8;
/** How often waiting mail is looked at: retries come due, other instances' leases run out. */
const RETRY_INTERVAL_MS = 60_000;
/** Rows one instance claims at a time: small, so a code written meanwhile waits for few sends. */
export const BATCH_SIZE = 10;
/** How long claimed rows belong to their instance; a crashed instance's rows are retried after. */
export const LEASE_MS = 5 * 60_000;
/**
 * A send starts only with this much of the lease left, well above what one send can take within
 * SMTP_TIMEOUTS, so a lease never runs out during a send (another instance would send it again).
 */
const SEND_ALLOWANCE_MS = 2 * 60_000;
/** nodemailer's socket timeout is an hour by default; an SMTP_URL that sets its own keeps it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Mail a person is waiting for on the page (a verification code): sent ahead of other mail. */
export const URGENT_MAIL_PRIORITY = 10;

/** The wait after a failed attempt (1, 2, 4, ... minutes, at most an hour): about 2 h in all. */
export function getRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

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
 *
 * Several instances may deliver one outbox: each claims a batch (a lease, see
 * claimOutboxEntries) before sending it, so every mail is sent by one instance, once.
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
  const printKeptEntries = createKeptMailPrinter(env, db);
  const sendEntry = createOutboxSender(env, db, now);
  let running: Promise<void> | undefined;

  async function deliverPending() {
    if (!smtpUrl) return printKeptEntries();
    for (const entry of await failAbandonedOutboxEntries(db, now(), MAX_ATTEMPTS))
      logger.error('mail delivery gave up', { ...entry, error: 'instance stopped during the last attempt' });
    // Without OWNER_EMAIL, rows for the owner wait; leaving them out of the round keeps them from
    // filling every batch ahead of the visitors' mail.
    const skipAddress = env.OWNER_EMAIL ? undefined : OWNER_ADDRESS;
    // Batch after batch until nothing is due: each claim takes the most urgent rows first, so a
    // code written during a long round goes out after the current batch.
    for (;;) {
      const claimedAt = now();
      const leaseUntil = new Date(claimedAt.getTime() + LEASE_MS);
      const batch = await claimOutboxEntries(db, {
        now: claimedAt,
        leaseUntil,
        maxAttempts: MAX_ATTEMPTS,
        limit: BATCH_SIZE,
        skipAddress,
      });
      if (batch.length === 0) return;
      for (const [index, entry] of batch.entries()) {
        if (leaseUntil.getTime() - now().getTime() < SEND_ALLOWANCE_MS) {
          await releaseOutboxEntries(
            db,
            batch.slice(index).map((unsent) => unsent.id),
            leaseUntil,
          );
          break;
        }
        await sendEntry(entry);
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

/** Sends one claimed row and records the outcome; a failure waits its backoff, or is final. */
function createOutboxSender(
  env: Env,
  db: Database,
  now: () => Date,
): (entry: EmailOutboxEntry) => Promise<void> {
  // nodemailer loads with the first mail: a site without SMTP never holds it in memory.
  let transport: Promise<Transporter> | undefined;
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(withTimeouts(env.SMTP_URL!)),
    ));
  const from = getFromHeader(env);

  return async function sendEntry(entry) {
    const to = entry.toAddress === OWNER_ADDRESS ? env.OWNER_EMAIL! : entry.toAddress;
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
    } catch (error) {
      const isFinal = entry.attempts >= MAX_ATTEMPTS;
      const fields = { id: entry.id, kind: entry.kind, attempts: entry.attempts };
      const reason = redactAddresses((error as Error).message);
      // A retry is coming: a warning. Giving up loses a mail until the owner retries it: an error.
      if (isFinal) logger.error('mail delivery gave up', { ...fields, error: reason });
      else logger.warn('mail delivery failed, will retry', { ...fields, error: reason });
      await markOutboxEntryFailed(db, entry.id, {
        error: (error as Error).message,
        isFinal,
        nextAttemptAt: new Date(now().getTime() + getRetryDelayMs(entry.attempts)),
      });
      return;
    }
    if (entry.kind === VERIFICATION_CODE_KIND) await deleteOutboxEntry(db, entry.id);
    else await markOutboxEntrySent(db, entry.id, now());
  };
}

/** SMTP_URL with bounded timeouts (query parameters nodemailer reads) it does not set itself. */
function withTimeouts(url: string): string {
  const missing = Object.entries(SMTP_TIMEOUTS).filter(([key]) => !new RegExp(`[?&]${key}=`).test(url));
  if (missing.length === 0) return url;
  const query = missing.map(([key, value]) => `${key}=${value}`).join('&');
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** SMTP errors often quote the recipient; logs never carry e-mail addresses. */
function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"']+/g, '<address>');
}
