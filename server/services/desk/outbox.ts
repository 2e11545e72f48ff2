import type { MailOutbox, MailStatus, MailView } from '../../../shared/owner-desk';
import type { AppContext } from '../../app-deps';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { findOutboxEntry, listOutboxEntries, requeueOutboxEntry } from '../../storage/email-outbox';
import { toMailView } from './views';

const MAX_MAILS = 200;

/**
 * The outbox newest first: sent, waiting (pending) and failed mail. Bodies stay on the server.
 * Says whether a mail transport is configured: without one nothing is sent, so the desk offers no
 * retry for waiting mail.
 */
export async function listMail(
  { database: { db }, mail }: Pick<AppContext, 'database' | 'mail'>,
  status?: MailStatus,
): Promise<MailOutbox> {
  const rows = await listOutboxEntries(db, { status, limit: MAX_MAILS });
  return { isDeliveryConfigured: mail.isConfigured, mail: rows.map(toMailView) };
}

/** Puts a failed or waiting mail back in line with fresh attempts, and sends it. */
export async function retryMail(
  { database: { db }, mail, now }: Pick<AppContext, 'database' | 'mail' | 'now'>,
  id: string,
): Promise<MailView> {
  const requeued = isUuid(id) ? await requeueOutboxEntry(db, id, now()) : undefined;
  if (requeued) {
    // Not awaited: the answer does not wait for the mail server, and flush never throws.
    void mail.flush();
    return toMailView(requeued);
  }
  const existing = isUuid(id) ? await findOutboxEntry(db, id) : undefined;
  if (existing?.status === 'sent') throw conflict('This e-mail has already been sent.');
  // Claimed by an instance that is sending it now: a second copy must not go out.
  if (existing) throw conflict('This e-mail is being sent right now.');
  throw notFound('This e-mail does not exist.');
}
