import { randomBytes } from 'node:crypto';
import type { PlanId } from '../../../shared/plans';
import { conflict } from '../../lib/app-error';
import type { DemoBilling } from './billing';
import { planAmountCents } from './plan-prices';
import type { CheckoutSessionObject } from './stripe-objects';

export const DEMO_PORTAL_MESSAGE =
  'This is a demo subscription: nothing is charged, so there is no billing portal to manage it.';

const SESSION_TTL_MS = 24 * 60 * 60_000;
/** Bounds the memory a flood of abandoned demo checkouts can take. */
const MAX_SESSIONS = 10_000;

interface DemoSession {
  id: string;
  userId: string;
  email: string;
  plan: PlanId;
  amountCents: number;
  createdAt: Date;
  completedAt?: Date;
  subscriptionId: string;
}

/** The demo checkout: Stripe's flow played by the app itself, with no card and no provider. */
export function createDemoBilling(now: () => Date): DemoBilling {
  // In memory: a demo checkout lives for one browser round trip, and a restart only asks the
  // visitor to press Subscribe again.
  const sessions = new Map<string, DemoSession>();

  function find(sessionId: string): DemoSession | undefined {
    const session = sessions.get(sessionId);
    if (!session) return undefined;
    if (now().getTime() - session.createdAt.getTime() > SESSION_TTL_MS) {
      sessions.delete(sessionId);
      return undefined;
    }
    return session;
  }

  return {
    mode: 'demo',

    async createCustomer() {
      return undefined;
    },

    async createCheckoutSession({ userId, email, plan }) {
      // As with Stripe, one open checkout per user: an earlier tab's can no longer be confirmed.
      for (const session of sessions.values())
        if (session.userId === userId && !session.completedAt) sessions.delete(session.id);
      if (sessions.size >= MAX_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
      const id = `demo_cs_${randomBytes(18).toString('base64url')}`;
      const createdAt = now();
      sessions.set(id, {
        id,
        userId,
        email,
        plan: plan.id,
        amountCents: planAmountCents(plan),
        createdAt,
        subscriptionId: `demo_sub_${randomBytes(12).toString('base64url')}`,
      });
      return {
        sessionId: id,
        url: `/demo-checkout/${id}`,
        expiresAt: new Date(createdAt.getTime() + SESSION_TTL_MS),
      };
    },

    async retrieveCheckoutSession(sessionId) {
      const session = find(sessionId);
      return session ? toCheckoutObject(session) : undefined;
    },

    async createPortalSession() {
      throw conflict(DEMO_PORTAL_MESSAGE);
    },

    getDemoCheckout(sessionId) {
      const session = find(sessionId);
      return session
        ? {
            sessionId: session.id,
            email: session.email,
            plan: session.plan,
            isComplete: Boolean(session.completedAt),
          }
        : undefined;
    },

    completeDemoCheckout(sessionId) {
      const session = find(sessionId);
      if (!session) return undefined;
      session.completedAt ??= now();
      return toCheckoutObject(session);
    },

    forgetCheckoutsOf(email) {
      let forgotten = 0;
      for (const session of sessions.values())
        if (session.email.toLowerCase() === email && sessions.delete(session.id)) forgotten++;
      return forgotten;
    },
  };
}

/** The session as Stripe shows a Checkout Session, its subscription expanded once paid. */
function toCheckoutObject(session: DemoSession): CheckoutSessionObject {
  const metadata = { userId: session.userId, plan: session.plan };
  const isComplete = Boolean(session.completedAt);
  return {
    id: session.id,
    mode: 'subscription',
    status: isComplete ? 'complete' : 'open',
    payment_status: isComplete ? 'paid' : 'unpaid',
    client_reference_id: session.userId,
    customer: null,
    customer_email: session.email,
    invoice: null,
    metadata,
    subscription: isComplete
      ? {
          id: session.subscriptionId,
          object: 'subscription',
          customer: null,
          status: 'active',
          metadata,
          items: {
            data: [
              {
                price: { id: `demo_price_${session.plan}`, unit_amount: session.amountCents, metadata },
                current_period_end: Math.floor(addOneMonth(session.completedAt!).getTime() / 1000),
              },
            ],
          },
        }
      : null,
  };
}

function addOneMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
