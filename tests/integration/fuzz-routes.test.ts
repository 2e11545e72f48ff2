import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  fuzzRequest,
  listMountedRoutes,
  sendRaw,
  type FuzzAnswer,
  type FuzzFixtures,
  type FuzzRequest,
  type MountedRoute,
} from '../helpers/fuzz-requests';
import {
  insertSubscriber,
  startVoiceSession,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
  useFakeVapi,
  VAPI_TEST_SECRET,
} from '../helpers/voice';

// A property-based fuzz of every route the app mounts (webhooks included): random JSON and bytes,
// content types, encodings that lie, paths with %ff, %00, NUL and lone surrogates, huge strings,
// wrong types. Whatever arrives, the answer is never 5xx, and every refusal is JSON with a message.
// FUZZ_SEED replays a run; FUZZ_RUNS changes its size.

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const OWNER_TOKEN = 'owner-token-for-the-route-fuzz-0123';
const HIGH_LIMIT = '100000';

describe('every route, fuzzed', () => {
  const ctx = useTestApp({
    env: {
      SESSION_SECRET: TEST_SESSION_SECRET,
      OWNER_API_TOKEN: OWNER_TOKEN,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      CHAT_RATE_LIMIT_PER_MINUTE: HIGH_LIMIT,
      CONTACT_RATE_LIMIT_PER_HOUR: HIGH_LIMIT,
      VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: HIGH_LIMIT,
      CHECKOUT_RATE_LIMIT_PER_HOUR: HIGH_LIMIT,
      VERIFICATION_RATE_LIMIT_PER_HOUR: HIGH_LIMIT,
      VERIFY_RATE_LIMIT_PER_HOUR: HIGH_LIMIT,
    },
  });
  // Vapi on (a loopback fake), so its routes answer rather than say "not configured" (503).
  const fake = useFakeVapi(ctx);
  const statuses = new Map<number, number>();
  let total = 0;

  afterAll(() => {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.info(`route fuzz (seed ${SEED}): ${total} requests; ${counts.join(', ')}`);
  });

  /** Ids of real rows (a conversation, a subscriber, a started voice session) and credentials. */
  async function createFixtures(): Promise<FuzzFixtures> {
    const conversation = (await request(fake.app).post('/api/conversations').expect(201)).body.id as string;
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => new Date(), {
      email: 'fuzz@example.com',
    });
    const session = (await startVoiceSession(fake.app, cookie, user.id).expect(201)).body.id as string;
    return {
      ids: [conversation, user.id, session, '00000000-0000-4000-8000-000000000000'],
      email: user.email,
      cookie,
      ownerToken: OWNER_TOKEN,
      vapiSecret: VAPI_TEST_SECRET,
      stripeWebhookSecret: TEST_WEBHOOK_SECRET,
    };
  }

  /** Why this answer is wrong, or undefined when it is acceptable. */
  function problemWith(answer: FuzzAnswer): string | undefined {
    if (answer.status >= 500) return `answered ${answer.status}`;
    if (answer.contentType.startsWith('text/event-stream'))
      return /"status":5\d\d/.test(answer.text) ? 'a 5xx error event in the stream' : undefined;
    if (answer.status < 300) return undefined;
    if (!answer.contentType.startsWith('application/json')) return `a ${answer.status} that is not JSON`;
    if (/\n\s+at |node_modules/.test(answer.text)) return 'a stack trace in the answer';
    const body = JSON.parse(answer.text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? undefined : 'no message';
  }

  async function fuzz(routes: MountedRoute[], fixtures: FuzzFixtures, runsPerRoute = RUNS_PER_ROUTE) {
    const server: Server = fake.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const send = async (req: FuzzRequest) => {
      const answer = await sendRaw(port, req);
      total += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problem = problemWith(answer);
      expect(
        problem,
        `${req.method} ${req.path.slice(0, 200)}: ${answer.text.slice(0, 300)}`,
      ).toBeUndefined();
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes).chain((route) => fuzzRequest(route, fixtures)),
          send,
        ),
        { seed: SEED, numRuns: runsPerRoute * routes.length, endOnFailure: true },
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('finds every route the app mounts, webhooks included', () => {
    const routes = listMountedRoutes(fake.app).map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThanOrEqual(28);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/stripe/webhook',
        'POST /api/vapi/webhook',
        'POST /api/contact-requests',
        'POST /api/conversations/:id/messages',
        'PATCH /api/voice-sessions/:id',
        'POST /api/owner/contact-requests/:id/cancel',
      ]),
    );
  });

  it(
    "never answers 5xx, and refuses with a JSON message: the app's own routes",
    { timeout: 120_000 },
    async () => {
      const routes = listMountedRoutes(fake.app).filter(({ path }) => !path.endsWith('/webhook'));
      // Paths no route matches, too: they must reach the JSON 404, not crash on the way.
      await fuzz(
        [...routes, { method: 'GET', path: '/api/:a' }, { method: 'POST', path: '/api/:a/:b' }],
        await createFixtures(),
      );
    },
  );

  it('never answers 5xx, and refuses with a JSON message: the webhooks', { timeout: 120_000 }, async () => {
    const routes = listMountedRoutes(fake.app).filter(({ path }) => path.endsWith('/webhook'));
    await fuzz(routes, await createFixtures(), RUNS_PER_ROUTE * 5);
  });
});
