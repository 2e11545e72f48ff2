// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAN_TABLE, type PlanTable } from '@shared/plans';
import type { SubscriptionUserView, VoiceConfig } from '@shared/voice';
import VoicePage from '@/pages/voice-page';
import { json } from '../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../helpers/render';

// The /voice page against a stubbed fetch: its three states, its toasts and the client-side
// gate, which must answer before any request is sent.

const EMAIL = 'ada@example.com';
const CONFIG: VoiceConfig = {
  provider: 'browser',
  isDemoMode: true,
  ownerName: 'Alex',
  firstMessage: 'Hi!',
  maxCallMinutes: 15,
};
const subscribed = (over: Partial<SubscriptionUserView> = {}): SubscriptionUserView => ({
  id: '4a1f2a4e-2b9c-4d8e-9f00-1234567890ab',
  subscriptionStatus: 'active',
  voiceMinutesUsed: 10,
  voiceMinutesLimit: 100,
  subscriptionPlan: 'monthly',
  currentPeriodEnd: null,
  isVerified: true,
  ...over,
});

const PLANS: PlanTable = DEFAULT_PLAN_TABLE;

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

let routes: Record<string, Handler>;
let calls: { method: string; url: string; body?: unknown }[];

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const handler = routes[`${method} ${url}`];
      if (!handler) return json(404, { message: `No route ${method} ${url}` });
      return handler(init, url);
    }),
  );
}

const renderPage = () => renderWithToaster(<VoicePage />);

const lookupUrl = '/api/subscription-user';
const LOOKUP = `POST ${lookupUrl}`;
/** The lookup's answer for a verified browser: its user, or null for an address with none. */
const verified = (user: SubscriptionUserView | null) => json(200, { isVerified: true, user });
const UNVERIFIED = () => json(200, { isVerified: false, user: null });

beforeEach(() => {
  calls = [];
  routes = { 'GET /api/voice/config': () => json(200, CONFIG), 'GET /api/plans': () => json(200, PLANS) };
  stubFetch();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/voice');
  // jsdom has no speech recognition; browser voice needs one to offer a call.
  Object.assign(window, { webkitSpeechRecognition: class {} });
});

resetAfterEachTest();
afterEach(() => Reflect.deleteProperty(window, 'webkitSpeechRecognition'));

describe('/voice page', () => {
  it('gates on an e-mail, looks it up, and shows the plans to a verified e-mail with no subscription', async () => {
    routes[LOOKUP] = () => verified(null);
    renderPage();
    const access = screen.getByRole('button', { name: 'Access Voice Clone' });
    expect(access).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('E-mail address').getAttribute('type')).toBe('email');

    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: ' Ada@Example.com ' } });
    expect(access).toHaveProperty('disabled', false);
    fireEvent.click(access);
    expect(screen.getByRole('status').textContent).toMatch(/Looking up your subscription/);

    await screen.findByText('No Subscription');
    // The e-mail travels in the body, never in a URL.
    expect(calls.filter((call) => call.url === lookupUrl).map((call) => call.body)).toEqual([
      { email: EMAIL },
    ]);
    expect(calls.some((call) => call.url.includes('example.com'))).toBe(false);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    for (const text of ['$29', '$59', '$99', 'Most Popular', 'Unlimited voice minutes']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/no card is charged/)).toBeTruthy();
    expect(window.localStorage.getItem('voice-clone-email')).toBe(EMAIL);
  });

  it('shows "Processing..." while subscribing and the server message in a "Subscription Error" toast', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = () => verified(null);
    let answer!: (response: Response) => void;
    routes['POST /api/create-subscription'] = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    await screen.findByText('No Subscription');
    fireEvent.click(screen.getByRole('radio', { name: /Enterprise/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));

    const pending = await screen.findByRole('button', { name: 'Processing...' });
    expect(pending).toHaveProperty('disabled', true);
    expect(calls.find((call) => call.url === '/api/create-subscription')?.body).toEqual({
      email: EMAIL,
      plan: 'enterprise',
    });
    await act(async () => answer(json(503, { message: 'Payments are not configured on this server.' })));

    expect(await screen.findByText('Subscription Error')).toBeTruthy();
    expect(screen.getByText('Payments are not configured on this server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toHaveProperty('disabled', false);
  });

  it('brings back "Verify it\'s you" when Subscribe is refused for want of verification', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    let isVerified = true;
    routes[LOOKUP] = () => (isVerified ? verified(null) : UNVERIFIED());
    routes['POST /api/create-subscription'] = () => {
      isVerified = false; // the proof expired while the page was open
      return json(401, { message: "Please verify it's you: confirm your e-mail address to continue." });
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeTruthy();
    expect(screen.getByText(/Confirm your e-mail to continue/)).toBeTruthy();
    // The plans stay: nothing about the address is told, only that it must be confirmed.
    expect(screen.getByText('No Subscription')).toBeTruthy();
    expect(screen.queryByText('Subscription Error')).toBeNull();
  });

  it('confirms a returning Checkout session, remembers its e-mail and cleans the URL', async () => {
    window.history.replaceState(null, '', '/voice?checkout_session=cs_test_1');
    routes['POST /api/checkout-sessions/confirm'] = () => json(200, { email: EMAIL, user: subscribed() });
    routes[LOOKUP] = () => verified(subscribed());
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    renderPage();
    expect(screen.getByRole('status').textContent).toMatch(/Confirming your subscription/);

    await screen.findByText('Ready to Start');
    expect(screen.getByText('Subscribed')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/checkout-sessions/confirm')?.body).toEqual({
      sessionId: 'cs_test_1',
    });
    expect(calls.filter((call) => call.url === '/api/checkout-sessions/confirm')).toHaveLength(1);
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem('voice-clone-email')).toBe(EMAIL);
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(screen.getByText('90 minutes remaining')).toBeTruthy();
    // The confirmation answers with the lookup's view: it is not fetched again.
    expect(calls.filter((call) => call.url === lookupUrl)).toHaveLength(0);
  });

  it('shows an unverified browser "No Subscription" and the prices at once, and a subscription only after a code', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    let isVerified = false;
    routes[LOOKUP] = () => (isVerified ? verified(subscribed()) : UNVERIFIED());
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    routes['POST /api/verification-codes'] = () => json(202, { sent: true, demoCode: '654321' });
    routes['POST /api/verification-codes/verify'] = () => {
      isVerified = true;
      return json(200, { verified: true });
    };
    renderPage();
    // Every visitor sees the badge and the prices right after the e-mail, with no code.
    expect(await screen.findByText('No Subscription')).toBeTruthy();
    for (const text of ['$29', '$59', '$99']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    // Nothing about this address's plan before verification, and no code card until asked.
    expect(screen.queryByText('Subscribed')).toBeNull();
    expect(screen.queryByRole('heading', { name: "Verify it's you" })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm your e-mail' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByTestId('demo-code');
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Ready to Start');
    expect(screen.getByText('Subscribed')).toBeTruthy();
  });

  it("shows the server's refusal when another browser claimed the e-mail", async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = UNVERIFIED;
    routes['POST /api/verification-codes'] = () =>
      json(409, { message: 'This e-mail address was first used in another browser.', code: 'conflict' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm your e-mail' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/first used in another browser/);
    expect(screen.queryByTestId('demo-code')).toBeNull();
  });

  it('says a cancelled Checkout took no payment', async () => {
    window.history.replaceState(null, '', '/voice?checkout=cancelled');
    renderPage();
    expect(await screen.findByText('Checkout Cancelled')).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('shows a subscriber out of minutes the limit instead of Start, and upgrades in place in demo mode', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    let user = subscribed({ voiceMinutesUsed: 100 });
    routes[LOOKUP] = () => verified(user);
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    routes['POST /api/demo-plan'] = () => {
      user = subscribed({ voiceMinutesUsed: 100, voiceMinutesLimit: 300, subscriptionPlan: 'professional' });
      return json(200, user);
    };
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Minutes Limit Reached' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Voice Call' })).toBeNull();
    expect(screen.getByText('0 minutes remaining')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to Professional · $59/month' }));
    // The price and what happens to this period first; nothing changes before the confirmation.
    const confirm = screen.getByTestId('plan-change-confirm');
    expect(confirm.textContent).toMatch(
      /takes effect now.*300 minutes.*100 minutes you have used stay counted/,
    );
    expect(calls.some((call) => call.url === '/api/demo-plan')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm switch to Professional' }));

    expect(await screen.findByRole('button', { name: 'Start Voice Call' })).toBeTruthy();
    expect(await screen.findByText('Plan Changed')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/demo-plan')?.body).toEqual({ plan: 'professional' });
    expect(screen.getByText('200 minutes remaining')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/voice-sessions')).toBe(false);
  });

  it('shows the renewal date, switches plans with a confirmation, and cancels a demo plan after asking', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    const periodEnd = '2026-12-29T12:00:00.000Z';
    let user = subscribed({ currentPeriodEnd: periodEnd });
    routes[LOOKUP] = () => verified(user);
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    routes['POST /api/demo-plan'] = () => {
      user = subscribed({
        currentPeriodEnd: periodEnd,
        subscriptionPlan: 'enterprise',
        voiceMinutesLimit: -1,
      });
      return json(200, user);
    };
    routes['POST /api/demo-cancel'] = () => {
      user = subscribed({ currentPeriodEnd: periodEnd, subscriptionStatus: 'canceled' });
      return json(200, user);
    };
    renderPage();
    const renewal = new Date(periodEnd).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect((await screen.findByTestId('renewal-date')).textContent).toContain(`Renews on ${renewal}`);
    expect(screen.getByText(/Monthly plan · \$29\/month/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Enterprise · $99/month' }));
    expect(screen.getByTestId('plan-change-confirm').textContent).toContain(`until ${renewal}`);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm switch to Enterprise' }));
    expect((await screen.findByText(/You're on the Enterprise plan now:/)).textContent).toMatch(
      /\$99\/month/,
    );
    expect(screen.getByText(/Enterprise plan · \$99\/month/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(calls.some((call) => call.url === '/api/demo-cancel')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Subscription Cancelled')).toBeTruthy();
    expect(await screen.findByText('No Subscription')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });

  it('offers the billing portal to a Stripe subscriber out of minutes', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes['GET /api/voice/config'] = () => json(200, { ...CONFIG, isDemoMode: false });
    routes[LOOKUP] = () => verified(subscribed({ voiceMinutesUsed: 100 }));
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Upgrade plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
  });

  it('sends one checkout however fast Subscribe is clicked', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = () => verified(null);
    routes['POST /api/create-subscription'] = () => new Promise<Response>(() => undefined);
    renderPage();
    const button = await screen.findByRole('button', { name: 'Subscribe Now' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('button', { name: 'Processing...' });
    expect(calls.filter((call) => call.url === '/api/create-subscription')).toHaveLength(1);
  });

  it('asks to verify first when "Manage subscription" is pressed by a browser the server no longer knows', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = () => verified(subscribed());
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () =>
      json(401, { message: 'Please verify your e-mail first.' });
    renderPage();
    await screen.findByRole('heading', { name: "Verify it's you" });
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(
      await screen.findByText(
        'Verify your e-mail with the code first, then you can manage your subscription.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/billing-portal')).toBe(false);
  });

  it("shows the server gate's answer: subscription required", async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = () => verified(subscribed());
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    routes['POST /api/voice-sessions'] = () =>
      json(403, { message: 'Your subscription is not active.', code: 'subscription_required' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Voice Call' }));

    expect(await screen.findByText('Subscription Required')).toBeTruthy();
    expect(screen.getByText('Please subscribe to use voice features.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/voice-sessions')?.body).toEqual({
      userId: subscribed().id,
      status: 'started',
    });
    await screen.findByRole('button', { name: 'Start Voice Call' }); // back to idle
  });

  it('brings back "Verify it\'s you" when the server answers 401, and verifies with a code', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    let isVerified = true;
    routes[LOOKUP] = () => (isVerified ? verified(subscribed()) : UNVERIFIED());
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () => json(200, []);
    routes['POST /api/voice-sessions'] = () => {
      isVerified = false;
      return json(401, { message: 'Please verify your e-mail first.' });
    };
    routes['POST /api/verification-codes'] = () => json(202, { sent: true, demoCode: '123456' });
    routes['POST /api/verification-codes/verify'] = () => {
      isVerified = true;
      return json(200, { verified: true });
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Voice Call' }));

    // The lookup read again says unverified: the page's own "Verify it's you" replaces the call card's.
    expect(await screen.findByText(/Confirm your e-mail to continue/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByTestId('demo-code')).textContent).toBe('123456');
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    const lookupsBefore = calls.filter((call) => call.url === lookupUrl).length;
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText('Ready to Start');
    expect(calls.find((call) => call.url === '/api/verification-codes/verify')?.body).toEqual({
      email: EMAIL,
      code: '123456',
    });
    // One lookup after verifying, not one from the card and another from the page.
    expect(calls.filter((call) => call.url === lookupUrl)).toHaveLength(lookupsBefore + 1);
  });

  it('ends the call this tab left running when it was reloaded before listing the sessions', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    const sessionId = '0b9f3c1e-8a55-4c8e-b1f2-3d4e5f607182';
    window.sessionStorage.setItem(
      'voice-open-call',
      JSON.stringify({ sessionId, openedAt: Date.now() - 40_000 }),
    );
    let isEnded = false;
    const session = (status: string) => ({
      id: sessionId,
      userId: subscribed().id,
      status,
      duration: status === 'ended' ? 40 : null,
      billedMinutes: status === 'ended' ? 1 : null,
      maxDurationSeconds: 900,
      transcript: '',
      createdAt: new Date().toISOString(),
      endedAt: null,
    });
    routes[LOOKUP] = () => verified(subscribed());
    routes[`PATCH /api/voice-sessions/${sessionId}`] = () => {
      isEnded = true;
      return json(200, session('ended'));
    };
    routes[`GET /api/voice-sessions/${subscribed().id}`] = () =>
      json(200, [session(isEnded ? 'ended' : 'started')]);
    renderPage();

    const list = await screen.findByRole('list', { name: 'Latest voice sessions' });
    expect(list.textContent).toMatch(/0:40/);
    expect(screen.queryByText('In progress')).toBeNull();
    const patch = calls.findIndex((call) => call.method === 'PATCH');
    expect(calls[patch]?.body).toMatchObject({ status: 'ended', duration: 40 });
    expect(patch).toBeLessThan(
      calls.findIndex((call) => call.url === `/api/voice-sessions/${subscribed().id}`),
    );
    expect(window.sessionStorage.getItem('voice-open-call')).toBeNull();
  });

  it('shows "Unlimited" for Enterprise and the latest five sessions', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    const user = subscribed({ voiceMinutesLimit: -1, voiceMinutesUsed: 250, subscriptionPlan: 'enterprise' });
    routes[LOOKUP] = () => verified(user);
    routes[`GET /api/voice-sessions/${user.id}`] = () =>
      json(
        200,
        Array.from({ length: 7 }, (_, index) => ({
          id: `s${index}`,
          userId: user.id,
          status: 'ended',
          duration: 65 + index,
          billedMinutes: 2,
          maxDurationSeconds: 3600,
          transcript: '',
          createdAt: new Date(2026, 0, 20 - index, 10, 30).toISOString(),
          endedAt: null,
        })),
      );
    renderPage();
    expect(await screen.findByText('Unlimited')).toBeTruthy();
    expect(screen.getByText('250 minutes used this month')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    const list = await screen.findByRole('list', { name: 'Latest voice sessions' });
    const items = list.querySelectorAll('li');
    expect(items).toHaveLength(5);
    expect(items[0]?.textContent).toMatch(/Jan 20, 2026.*1:05/);
    await waitFor(() => expect(screen.queryByText('No sessions yet')).toBeNull());
  });
});

describe('/voice after a failed payment', () => {
  it('offers "Update payment method" to a customer whose payment failed, verifying first when asked', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '', pathname: '/voice' });
    let isVerified = false;
    routes[LOOKUP] = () => verified(subscribed({ subscriptionStatus: 'past_due' }));
    routes['POST /api/billing-portal'] = () =>
      isVerified ? json(200, { url: 'https://billing.stripe.test/p/1' }) : json(401, { message: 'Verify.' });
    routes['POST /api/verification-codes'] = () => json(202, { sent: true, demoCode: '123456' });
    routes['POST /api/verification-codes/verify'] = () => {
      isVerified = true;
      return json(200, { verified: true });
    };
    renderPage();
    await screen.findByText('No Subscription');
    expect(screen.getByText(/Your last payment failed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update payment method' }));
    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByTestId('demo-code');
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Verify it's you" })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
  });

  it('keeps the plain status line for a cancelled subscription', async () => {
    window.localStorage.setItem('voice-clone-email', EMAIL);
    routes[LOOKUP] = () => verified(subscribed({ subscriptionStatus: 'canceled' }));
    renderPage();
    await screen.findByText(/Your subscription is canceled/);
    expect(screen.queryByRole('button', { name: 'Update payment method' })).toBeNull();
  });
});
