import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-deps';
import { unavailable } from '../../lib/app-error';
import {
  findCheckoutSession,
  insertCheckoutClaim,
  releaseCheckoutClaim,
  storeClaimedCheckoutSession,
  takeOverCheckoutClaim,
  type StoredCheckoutSession,
} from '../../storage/checkout-sessions';
import type { BillingProvider, CheckoutRequest } from './billing';

/** Pressing Subscribe again within this time reuses the Checkout already open. */
export const CHECKOUT_REUSE_MS = 60 * 60_000;
/** A claim whose session never arrived (its process died) is taken over after this; longer than the provider's timeout. */
export const CHECKOUT_CLAIM_TIMEOUT_MS = 45_000;
const CLAIM_POLL_MS = 50;
const MAX_WAIT_ROUNDS = Math.ceil(CHECKOUT_CLAIM_TIMEOUT_MS / CLAIM_POLL_MS) + 20;

const BUSY_MESSAGE = 'Your checkout is still being prepared. Please try again in a moment.';

type OpenCheckoutContext = Pick<AppContext, 'database' | 'now'>;

/**
 * The Checkout for this user and plan: the one opened within the last hour when the provider
 * still reports it open, else a new one. The user's checkout_sessions row makes concurrent
 * requests agree: whoever inserts (or takes over) the claim creates the session, the others wait
 * for it and reuse it. No transaction is held across the provider's network call.
 */
export async function openCheckoutSession(
  context: OpenCheckoutContext,
  provider: BillingProvider,
  request: CheckoutRequest,
): Promise<{ sessionId: string; url: string }> {
  const db = context.database.db;
  const claim = { userId: request.userId, plan: request.plan.id, claimId: randomUUID() };

  for (let round = 0; round < MAX_WAIT_ROUNDS; round++) {
    const row = await findCheckoutSession(db, request.userId);
    if (!row) {
      if (await insertCheckoutClaim(db, { ...claim, claimedAt: context.now() }))
        return createClaimedSession(context, provider, request, claim.claimId);
      continue;
    }
    const reusable = await findReusableSession(context, provider, row, request.plan.id);
    if (reusable) return reusable;
    if (isClaimPending(row, context.now())) {
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      continue;
    }
    if (await takeOverCheckoutClaim(db, row.claimId, { ...claim, claimedAt: context.now() }))
      return createClaimedSession(context, provider, request, claim.claimId);
  }
  throw unavailable(BUSY_MESSAGE);
}

async function findReusableSession(
  context: OpenCheckoutContext,
  provider: BillingProvider,
  row: StoredCheckoutSession,
  plan: string,
): Promise<{ sessionId: string; url: string } | undefined> {
  if (!row.sessionId || !row.url || !row.reuseUntil || row.plan !== plan) return undefined;
  if (row.reuseUntil.getTime() <= context.now().getTime()) return undefined;
  // Paid or expired meanwhile (another tab, Stripe's own expiry): never send the visitor back to it.
  const session = await provider.retrieveCheckoutSession(row.sessionId);
  return session?.status === 'open' ? { sessionId: row.sessionId, url: row.url } : undefined;
}

function isClaimPending(row: StoredCheckoutSession, now: Date): boolean {
  return !row.sessionId && now.getTime() - row.claimedAt.getTime() < CHECKOUT_CLAIM_TIMEOUT_MS;
}

async function createClaimedSession(
  context: OpenCheckoutContext,
  provider: BillingProvider,
  request: CheckoutRequest,
  claimId: string,
): Promise<{ sessionId: string; url: string }> {
  const db = context.database.db;
  let session: Awaited<ReturnType<BillingProvider['createCheckoutSession']>>;
  try {
    session = await provider.createCheckoutSession(request);
  } catch (error) {
    // Waiting requests then take the row over and try for themselves.
    await releaseCheckoutClaim(db, request.userId, claimId);
    throw error;
  }
  const reuseUntil = new Date(
    Math.min(context.now().getTime() + CHECKOUT_REUSE_MS, session.expiresAt.getTime()),
  );
  await storeClaimedCheckoutSession(db, request.userId, claimId, {
    sessionId: session.sessionId,
    url: session.url,
    reuseUntil,
  });
  return { sessionId: session.sessionId, url: session.url };
}
