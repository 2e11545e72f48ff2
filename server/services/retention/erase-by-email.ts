import type { ErasureSummary } from '../../../shared/erasure';
import type { AppContext } from '../../app-deps';
import {
  anonymiseContactRequestsOf,
  anonymiseSubscriptionUser,
  deleteConversationsOf,
  deleteOutboxMailsOf,
  deleteSubscriptionUsers,
  deleteVerificationsOf,
  findSubscriptionUsersOf,
} from '../../storage/erasure';
import { eraseVoiceTranscriptsOfUsers } from '../../storage/retention';

const STRIPE_NOTE =
  'A subscription user linked to Stripe was kept for accounting (plan, status, minutes, Stripe ids) under a placeholder address. Stripe still holds the customer: delete it in the Stripe dashboard if it must go too.';
const BOOKING_NOTE =
  'Contact requests and bookings were kept for your records (slot, confirmation, cancellation) without name, phone, e-mail or purpose. A booked call that is still ahead stays in your calendar: cancel it if it should not happen.';

/**
 * Removes one person, found by e-mail, from every table in one transaction: their conversations
 * (messages, unanswered questions) and the outbox mail to or about them are deleted, as are
 * their verification codes and the words of their voice sessions. Rows the owner needs
 * (bookings, Stripe-linked subscription users) stay without the personal data. Idempotent.
 */
export async function eraseByEmail(
  context: Pick<AppContext, 'database' | 'now' | 'billing'>,
  email: string,
): Promise<ErasureSummary> {
  const address = email.trim().toLowerCase();
  const now = context.now();
  const erased = await context.database.db.transaction(async (tx) => {
    const requests = await anonymiseContactRequestsOf(tx, address);
    const linkedConversations = requests.flatMap((row) => (row.conversationId ? [row.conversationId] : []));
    const chats = await deleteConversationsOf(tx, address, linkedConversations);
    const outboxMails = await deleteOutboxMailsOf(
      tx,
      address,
      requests.map((row) => row.id),
    );
    const verificationCodes = await deleteVerificationsOf(tx, address);

    const users = await findSubscriptionUsersOf(tx, address);
    const voiceTranscripts = await eraseVoiceTranscriptsOfUsers(
      tx,
      users.map((user) => user.id),
    );
    const linked = users.filter((user) => user.stripeCustomerId || user.stripeSubscriptionId);
    const unlinked = users.filter((user) => !linked.includes(user));
    for (const user of linked) await anonymiseSubscriptionUser(tx, user.id, now);
    // Voice sessions and checkout rows cascade; without Stripe there is nothing to account for.
    await deleteSubscriptionUsers(
      tx,
      unlinked.map((user) => user.id),
    );
    return {
      ...chats,
      contactRequestsAnonymised: requests.length,
      outboxMails,
      verificationCodes,
      voiceTranscripts,
      subscriptionUsersDeleted: unlinked.length,
      subscriptionUsersAnonymised: linked.length,
    };
  });
  // The demo checkout keeps its sessions (with the address) in memory.
  const demoCheckouts = context.billing.mode === 'demo' ? context.billing.forgetCheckoutsOf(address) : 0;

  const notes = [
    ...(erased.contactRequestsAnonymised > 0 ? [BOOKING_NOTE] : []),
    ...(erased.subscriptionUsersAnonymised > 0 ? [STRIPE_NOTE] : []),
  ];
  return { erased: { ...erased, demoCheckouts }, notes };
}
