import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';

// A loopback server that speaks the part of Stripe's REST API the app uses, in Stripe's wire
// format (form-encoded requests, JSON objects and error envelopes), so tests run the real
// `stripe` SDK against it: customers, checkout sessions (create, list by customer and status,
// retrieve with expand[]=subscription, expire), subscriptions (retrieve, cancel), billing portal
// sessions. Every request is recorded.

export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey?: string;
  authorization?: string;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripeServer {
  /** For STRIPE_API_BASE. */
  url: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** The next N API calls answer 500 (an outage). */
  failNextRequests: number;
  /**
   * Plays the customer paying: the session (which must still be open) becomes complete and paid,
   * with a new active subscription (price from its line item) and a first invoice. Returns both.
   */
  completeCheckoutSession(
    sessionId: string,
    options?: { paymentStatus?: 'paid' | 'unpaid'; periodEnd?: number },
  ): { session: StripeObject; subscription: StripeObject };
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(res: Response, status: number, message: string, code?: string) {
  res
    .status(status)
    .json({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, code } });
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const lineItems = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, StripeObject>();

  const app = express();
  // Stripe's bracket notation (expand[0]=subscription, line_items[0][price_data][...]) in both.
  app.set('query parser', 'extended');
  app.use(express.urlencoded({ extended: true }));

  const state = { failNextRequests: 0 };

  app.use((req, res, next) => {
    requests.push({
      method: req.method,
      path: req.path,
      query: req.query as Record<string, unknown>,
      body: (req.body ?? {}) as Record<string, unknown>,
      idempotencyKey: req.get('idempotency-key'),
      authorization: req.get('authorization'),
    });
    if (!/^Bearer sk_/.test(req.get('authorization') ?? '')) {
      stripeError(res, 401, 'Invalid API Key provided.');
      return;
    }
    if (state.failNextRequests > 0) {
      state.failNextRequests -= 1;
      stripeError(res, 500, 'An unknown error occurred.');
      return;
    }
    next();
  });

  /** Replays the first answer to an idempotency key, as Stripe does. */
  const once = (req: Request, res: Response, create: () => StripeObject) => {
    const key = req.get('idempotency-key');
    const cached = key ? idempotent.get(`${req.path}:${key}`) : undefined;
    const object = cached ?? create();
    if (key && !cached) idempotent.set(`${req.path}:${key}`, object);
    res.json(object);
  };

  app.post('/v1/customers', (req, res) =>
    once(req, res, () => {
      const body = req.body as Record<string, unknown>;
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    }),
  );

  app.post('/v1/checkout/sessions', (req, res) =>
    once(req, res, () => {
      const body = req.body as Record<string, unknown>;
      const id = newId('cs_test');
      const items = body.line_items as Record<string, unknown>[] | undefined;
      lineItems.set(id, items?.[0] ?? {});
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        invoice: null,
        created: nowSeconds(),
        expires_at: nowSeconds() + 24 * 3600,
      };
      sessions.set(id, session);
      return session;
    }),
  );

  const visibleSession = ({ subscription_data: _hidden, ...visible }: StripeObject) => visible;

  app.get('/v1/checkout/sessions', (req, res) => {
    const { customer, status } = req.query as Record<string, string | undefined>;
    const data = [...sessions.values()]
      .filter(
        (session) => (!customer || session.customer === customer) && (!status || session.status === status),
      )
      .map(visibleSession)
      .reverse(); // newest first, as Stripe lists
    res.json({ object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
  });

  app.post('/v1/checkout/sessions/:id/expire', (req, res) => {
    const session = sessions.get(req.params.id);
    if (!session)
      return stripeError(res, 404, `No such checkout.session: '${req.params.id}'`, 'resource_missing');
    if (session.status !== 'open')
      return stripeError(res, 400, `Only Checkout Sessions with a status of \`open\` can be expired.`);
    session.status = 'expired';
    res.json(visibleSession(session));
  });

  app.get('/v1/subscriptions/:id', (req, res) => {
    const subscription = subscriptions.get(req.params.id);
    if (!subscription)
      return stripeError(res, 404, `No such subscription: '${req.params.id}'`, 'resource_missing');
    res.json(subscription);
  });

  app.delete('/v1/subscriptions/:id', (req, res) => {
    const subscription = subscriptions.get(req.params.id);
    if (!subscription)
      return stripeError(res, 404, `No such subscription: '${req.params.id}'`, 'resource_missing');
    const key = req.get('idempotency-key');
    if (subscription.status === 'canceled' && !(key && idempotent.has(`${req.path}:${key}`)))
      return stripeError(res, 400, 'This subscription has already been canceled.');
    once(req, res, () => Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds() }));
  });

  app.get('/v1/checkout/sessions/:id', (req, res) => {
    const session = sessions.get(req.params.id);
    if (!session)
      return stripeError(res, 404, `No such checkout.session: '${req.params.id}'`, 'resource_missing');
    const expand = [req.query.expand ?? []].flat() as string[];
    const visible = visibleSession(session);
    const subscription =
      typeof session.subscription === 'string' ? subscriptions.get(session.subscription) : undefined;
    res.json(expand.includes('subscription') && subscription ? { ...visible, subscription } : visible);
  });

  app.post('/v1/billing_portal/sessions', (req, res) =>
    once(req, res, () => {
      const body = req.body as Record<string, unknown>;
      const id = newId('bps');
      return {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      };
    }),
  );

  app.use((req, res) => stripeError(res, 404, `Unrecognized request URL (${req.method}: ${req.path}).`));

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    get failNextRequests() {
      return state.failNextRequests;
    },
    set failNextRequests(count: number) {
      state.failNextRequests = count;
    },
    completeCheckoutSession(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}`);
      const item = lineItems.get(sessionId) ?? {};
      const priceData = item.price_data as Record<string, unknown> | undefined;
      const subscriptionData = (session.subscription_data ?? {}) as Record<string, unknown>;
      const subscription: StripeObject = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        metadata: subscriptionData.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              current_period_end: options.periodEnd ?? nowSeconds() + 30 * 86_400,
              price: {
                id: typeof item.price === 'string' ? item.price : newId('price'),
                object: 'price',
                unit_amount: priceData ? Number(priceData.unit_amount) : null,
                metadata: {},
              },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: options.paymentStatus ?? 'paid',
        subscription: subscription.id,
        invoice: newId('in'),
      });
      return { session, subscription };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
