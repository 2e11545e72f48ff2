import type { AppContext } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { logger } from '../../lib/logger';
import {
  anonymiseBookingsBefore,
  deleteInactiveConversations,
  deleteOutboxEntriesBefore,
  deleteProcessedEventsBefore,
  deleteUnansweredQuestionsBefore,
  deleteUnbookedContactRequestsBefore,
  eraseVoiceTranscriptsBefore,
} from '../../storage/retention';
import { CODE_TTL_MS } from '../access/verification-codes';
import { VERIFICATION_CODE_KIND } from '../mail/mail-delivery';
import { logBackgroundFailure } from '../../lib/database-errors';

const DAY_MS = 24 * 60 * 60_000;
/** Often enough that an unsent verification code leaves the outbox soon after it expires. */
export const RETENTION_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Rows a statement touches at most: each batch is its own short statement. */
export const RETENTION_BATCH = 500;
/**
 * Webhook event ids are kept while a provider may still redeliver the event (Stripe retries for
 * 3 days and lets the owner resend for 30). They hold no personal data.
 */
export const PROCESSED_EVENT_DAYS = 30;

export type RetentionCounts = Record<
  | 'conversations'
  | 'unansweredQuestions'
  | 'voiceTranscripts'
  | 'outboxMails'
  | 'verificationMails'
  | 'processedEvents'
  | 'contactRequests'
  | 'bookingsAnonymised',
  number
>;

type SweepContext = Pick<AppContext, 'database' | 'env' | 'now'>;

/**
 * Removes what is older than RETENTION_DAYS: conversations without activity since (with their
 * messages and unanswered questions), unanswered questions, the words of voice sessions (their
 * billed minutes stay), outbox mail, and contact requests without a booked call. Bookings are
 * the owner's business record: past the limit their slot and outcome stay, the person's name,
 * phone, e-mail and words are erased. Verification-code mails go as soon as their code expires;
 * webhook event ids after PROCESSED_EVENT_DAYS. Subscription users stay while they are customers
 * (erasure on request: erase-by-email.ts).
 */
export async function sweepRetention(context: SweepContext): Promise<RetentionCounts> {
  const db = context.database.db;
  const now = context.now().getTime();
  const before = new Date(now - context.env.RETENTION_DAYS * DAY_MS);
  const repeat = (step: (db: Queryable, limit: number) => Promise<number>) => inBatches(db, step);
  return {
    verificationMails: await repeat((tx, limit) =>
      deleteOutboxEntriesBefore(tx, new Date(now - CODE_TTL_MS), limit, VERIFICATION_CODE_KIND),
    ),
    conversations: await repeat((tx, limit) => deleteInactiveConversations(tx, before, limit)),
    unansweredQuestions: await repeat((tx, limit) => deleteUnansweredQuestionsBefore(tx, before, limit)),
    voiceTranscripts: await repeat((tx, limit) => eraseVoiceTranscriptsBefore(tx, before, limit)),
    outboxMails: await repeat((tx, limit) => deleteOutboxEntriesBefore(tx, before, limit)),
    processedEvents: await repeat((tx, limit) =>
      deleteProcessedEventsBefore(tx, new Date(now - PROCESSED_EVENT_DAYS * DAY_MS), limit),
    ),
    contactRequests: await repeat((tx, limit) => deleteUnbookedContactRequestsBefore(tx, before, limit)),
    bookingsAnonymised: await repeat((tx, limit) => anonymiseBookingsBefore(tx, before, limit)),
  };
}

async function inBatches(db: Queryable, step: (db: Queryable, limit: number) => Promise<number>) {
  let total = 0;
  for (;;) {
    const done = await step(db, RETENTION_BATCH);
    total += done;
    if (done < RETENTION_BATCH) return total;
  }
}

/** Sweeps at start and then every RETENTION_SWEEP_INTERVAL_MS; the stopper waits for a round in progress. */
export function startRetentionSweep(context: SweepContext): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    running = sweepRetention(context)
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) logger.info('retention sweep', counts);
      })
      .catch((error: unknown) => logBackgroundFailure('retention sweep failed', error))
      .finally(() => (running = undefined));
  };
  sweep();
  const timer = setInterval(sweep, RETENTION_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
