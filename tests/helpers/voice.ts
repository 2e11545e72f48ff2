import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  subscriptionUsers,
  voiceSessions,
  type SubscriptionUser,
  type VoiceSession,
} from '../../shared/schema';
import { findPlan, type PlanId } from '../../shared/plans';
import type { Database } from '../../server/db/client';
import { createAccessCookies } from '../../server/services/access/access-cookies';
import { startFakeStripeServer, type FakeStripeServer } from '../fakes/stripe-server';
import { startFakeVapiServer, type FakeVapiServer } from '../fakes/vapi-server';
import type { TestContext } from './test-app';
import { uniqueEmail } from './unique-email';

// Shared set-up for the voice, billing and access suites: users in a given state, the verified
// cookie, Stripe events signed the way Stripe signs them, and the loopback Stripe and Vapi.

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123';
export const TEST_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The start of the voice suites' controllable clocks, and instants after it. */
export const VOICE_T0 = new Date('2026-05-04T15:00:00Z');
export const secondsAfter = (seconds: number, from = VOICE_T0) => new Date(from.getTime() + seconds * 1000);

/** `voice_access=<signed value>` proving `email`, as the server issues it. */
export function verifiedCookie(email: string, secret = TEST_SESSION_SECRET, now = () => new Date()): string {
  const cookie = createAccessCookies(secret, now).issueVerified(email);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * POST /api/create-subscription as the voice page sends it: from a browser that has verified
 * `email` (lower case, as the server normalises it), through `client` (an app or a supertest agent,
 * whose own cookies go along). `body` adds to or overrides {email, plan}.
 */
export function startCheckout(
  client: Express | ReturnType<typeof request.agent>,
  email: string,
  plan = 'monthly',
  body: Record<string, unknown> = {},
) {
  const agent = typeof client === 'function' ? request(client) : client;
  return agent
    .post('/api/create-subscription')
    .set('Cookie', verifiedCookie(email.toLowerCase()))
    .send({ email, plan, ...body });
}

export async function insertUser(
  db: Database,
  {
    email = uniqueEmail(),
    status = 'active',
    plan = 'monthly',
    used = 0,
    limit,
    ...rest
  }: {
    email?: string;
    status?: string;
    plan?: PlanId | null;
    used?: number;
    limit?: number;
  } & Partial<
    Pick<
      SubscriptionUser,
      | 'stripeCustomerId'
      | 'stripeSubscriptionId'
      | 'billingStateAt'
      | 'currentPeriodEnd'
      | 'lastPaidInvoiceId'
    >
  > = {},
): Promise<SubscriptionUser> {
  const [row] = await db
    .insert(subscriptionUsers)
    .values({
      email,
      subscriptionStatus: status,
      subscriptionPlan: plan,
      voiceMinutesUsed: used,
      voiceMinutesLimit: limit ?? findPlan(plan)?.minutes ?? 100,
      ...rest,
    })
    .returning();
  return row!;
}

export type UserOverrides = NonNullable<Parameters<typeof insertUser>[1]>;

/** A user (active monthly unless `overrides` say otherwise) and its verified cookie, issued at `now()`. */
export async function insertSubscriber(
  db: Database,
  now: () => Date,
  overrides: UserOverrides = {},
): Promise<{ user: SubscriptionUser; cookie: string }> {
  const user = await insertUser(db, overrides);
  return { user, cookie: verifiedCookie(user.email, TEST_SESSION_SECRET, now) };
}

export async function findUser(db: Database, email: string): Promise<SubscriptionUser> {
  const [row] = await db.select().from(subscriptionUsers).where(eq(subscriptionUsers.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export async function listSessions(db: Database, userId: string) {
  return db.select().from(voiceSessions).where(eq(voiceSessions.userId, userId));
}

export async function findSession(db: Database, id: string): Promise<VoiceSession> {
  const [row] = await db.select().from(voiceSessions).where(eq(voiceSessions.id, id));
  if (!row) throw new Error(`no voice session ${id}`);
  return row;
}

export async function setMinutesUsed(db: Database, userId: string, minutes: number): Promise<void> {
  await db
    .update(subscriptionUsers)
    .set({ voiceMinutesUsed: minutes })
    .where(eq(subscriptionUsers.id, userId));
}

// --- Stripe events -----------------------------------------------------------------------------

export interface StripeEventShape {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Record<string, unknown> };
}

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  {
    id = `evt_${randomBytes(10).toString('hex')}`,
    created = nowSeconds(),
  }: { id?: string; created?: number } = {},
): StripeEventShape {
  return {
    id,
    object: 'event',
    type,
    created,
    livemode: false,
    api_version: '2026-10-28.endive',
    data: { object },
  };
}

/** POSTs an event to the webhook with a Stripe-Signature made by the SDK's own test helper. */
export function sendStripeEvent(
  app: Express,
  event: unknown,
  { secret = TEST_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return request(app)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
}

/** Signs and POSTs a new event of `type` about `object`, created at `created` (default now). */
export const sendSignedEvent = (
  app: Express,
  type: string,
  object: Record<string, unknown>,
  created?: number,
) => sendStripeEvent(app, stripeEvent(type, object, created === undefined ? {} : { created }));

export function subscriptionObject({
  id,
  customer,
  status = 'active',
  plan = 'monthly',
  userId,
  periodEnd = nowSeconds() + 30 * 86_400,
}: {
  id: string;
  customer: string;
  status?: string;
  plan?: PlanId;
  userId?: string;
  periodEnd?: number;
}) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    metadata: userId ? { userId, plan } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_end: periodEnd,
          price: {
            id: `price_inline_${plan}`,
            object: 'price',
            unit_amount: findPlan(plan)!.priceUsd * 100,
            metadata: {},
          },
        },
      ],
    },
  };
}

export function invoiceObject({
  id,
  customer,
  subscription,
  billingReason = 'subscription_cycle',
  periodEnd = nowSeconds() + 30 * 86_400,
}: {
  id: string;
  customer: string;
  subscription: string;
  billingReason?: string;
  periodEnd?: number;
}) {
  return {
    id,
    object: 'invoice',
    customer,
    billing_reason: billingReason,
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
    lines: {
      object: 'list',
      data: [{ id: `il_${id}`, period: { start: periodEnd - 30 * 86_400, end: periodEnd } }],
    },
    period_end: periodEnd - 30 * 86_400,
  };
}

export function checkoutSessionObject({
  id,
  userId,
  customer,
  subscription,
  plan = 'monthly',
  invoice = null,
}: {
  id: string;
  userId: string;
  customer: string;
  subscription: string;
  plan?: PlanId;
  invoice?: string | null;
}) {
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: userId,
    customer,
    subscription,
    invoice,
    metadata: { userId, plan },
  };
}

/** A Stripe-mode configuration for webhook suites (they make no API calls; nothing listens at the base). */
export const WEBHOOK_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_webhooks',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  SESSION_SECRET: TEST_SESSION_SECRET,
};

// --- The loopback Stripe (tests/fakes/stripe-server.ts), for the real `stripe` SDK --------------

export const STRIPE_TEST_KEY = 'sk_test_checkout';
export const STRIPE_TEST_PUBLIC_URL = 'https://clone.example.com';
/** For useTestApp in suites that talk to the loopback Stripe (see useFakeStripe). */
export const STRIPE_TEST_APP_ENV = {
  SESSION_SECRET: TEST_SESSION_SECRET,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  PUBLIC_URL: STRIPE_TEST_PUBLIC_URL,
};

export interface FakeStripeContext {
  stripe: FakeStripeServer;
  /** ctx's app with Stripe configured at the fake. */
  app: Express;
  /** STRIPE_SECRET_KEY and STRIPE_API_BASE for the fake. */
  env(): Record<string, string>;
  /** Another app with Stripe at the fake and these variables too. */
  rebuild(env?: Record<string, string>): Express;
  /** The last request to `path` Stripe received. */
  lastRequest(path: string): FakeStripeServer['requests'][number] | undefined;
  requestsTo(method: string, path: string): FakeStripeServer['requests'];
}

/** Starts the loopback Stripe for the file (call it after useTestApp) and builds ctx's app on it. */
export function useFakeStripe(ctx: TestContext): FakeStripeContext {
  const fake = {} as FakeStripeContext;
  fake.env = () => ({ STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_API_BASE: fake.stripe.url });
  fake.rebuild = (env = {}) => ctx.rebuild({ env: { ...fake.env(), ...env } });
  fake.lastRequest = (path) => fake.stripe.requests.filter((req) => req.path === path).at(-1);
  fake.requestsTo = (method, path) =>
    fake.stripe.requests.filter((req) => req.method === method && req.path === path);
  beforeAll(async () => {
    fake.stripe = await startFakeStripeServer();
    fake.app = fake.rebuild();
  });
  afterAll(() => fake.stripe?.close());
  return fake;
}

/** An inactive user who has started a checkout: our row knows the Stripe customer only. */
export const insertCustomer = (db: Database) =>
  insertUser(db, {
    status: 'inactive',
    plan: null,
    limit: 100,
    stripeCustomerId: `cus_${randomBytes(8).toString('hex')}`,
  });

/** A user subscribed through a signed checkout.session.completed (first invoice `in_first`). */
export async function subscribeThroughWebhook(
  app: Express,
  db: Database,
  plan: 'monthly' | 'professional' = 'monthly',
) {
  const user = await insertCustomer(db);
  const subscription = `sub_${user.id.slice(0, 8)}`;
  const event = stripeEvent(
    'checkout.session.completed',
    checkoutSessionObject({
      id: `cs_${user.id}`,
      userId: user.id,
      customer: user.stripeCustomerId!,
      subscription,
      plan,
      invoice: 'in_first',
    }),
    { created: nowSeconds() - 1000 },
  );
  await sendStripeEvent(app, event).expect(200);
  return { user: await findUser(db, user.email), subscription, customer: user.stripeCustomerId! };
}

// --- Vapi calls ----------------------------------------------------------------------------------

export const VAPI_TEST_KEY = 'vapi-private-key';
export const VAPI_TEST_SECRET = 'vapi-webhook-secret-for-tests';
export const VAPI_TEST_PUBLIC_URL = 'https://clone.example.com';

/** Vapi with the private key at `apiBase`, reports to PUBLIC_URL authenticated with the secret. */
export const vapiTestEnv = (apiBase: string, overrides: Record<string, string> = {}) => ({
  SESSION_SECRET: TEST_SESSION_SECRET,
  VAPI_API_KEY: VAPI_TEST_KEY,
  VAPI_API_BASE: apiBase,
  VAPI_WEBHOOK_SECRET: VAPI_TEST_SECRET,
  PUBLIC_URL: VAPI_TEST_PUBLIC_URL,
  ...overrides,
});

export interface FakeVapiContext {
  vapi: FakeVapiServer;
  /** ctx's app with Vapi at the fake (vapiTestEnv), built on first use. */
  readonly app: Express;
  /** Another app with Vapi at the fake (vapiTestEnv) and these overrides. */
  rebuild(overrides?: Record<string, string>): Express;
}

/**
 * Starts the loopback Vapi for the file (call it after useTestApp), holding VAPI_TEST_KEY, and
 * forgets its recorded requests before every test.
 */
export function useFakeVapi(ctx: TestContext): FakeVapiContext {
  let app: Express | undefined;
  const fake = {
    get app() {
      app ??= fake.rebuild();
      return app;
    },
    rebuild: (overrides: Record<string, string> = {}) =>
      ctx.rebuild({ env: vapiTestEnv(fake.vapi.url, overrides) }),
  } as FakeVapiContext;
  beforeAll(async () => {
    fake.vapi = await startFakeVapiServer(VAPI_TEST_KEY);
  });
  afterAll(() => fake.vapi?.close());
  beforeEach(() => {
    fake.vapi.requests.length = 0;
  });
  return fake;
}

export const startVoiceSession = (app: Express, cookie: string, userId: string) =>
  request(app).post('/api/voice-sessions').set('Cookie', cookie).send({ userId, status: 'started' });

/** What the page's Vapi SDK sends for `start({voiceSessionId})`, plus anything else given. */
export const createWebCall = (
  app: Express,
  cookie: string | null,
  voiceSessionId: string,
  extra: Record<string, unknown> = {},
) => {
  const req = request(app).post('/api/vapi/call/web');
  if (cookie) req.set('Cookie', cookie);
  return req.send({ assistant: { voiceSessionId }, ...extra });
};

export const endVoiceSession = (
  app: Express,
  cookie: string,
  id: string,
  endedAt: Date,
  body: Record<string, unknown> = {},
) =>
  request(app)
    .patch(`/api/voice-sessions/${id}`)
    .set('Cookie', cookie)
    .send({ status: 'ended', duration: 1, transcript: '', endedAt: endedAt.toISOString(), ...body });
