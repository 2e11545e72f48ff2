import { describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '../fakes/vapi-server';
import { expectAccessible } from '../helpers/accessibility';
import { DESKTOP, PHONE, screenshot, startServer } from '../helpers/e2e';
import { uniqueEmail } from '../helpers/unique-email';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';
import { choosePlan, enterEmail, openGate, subscribeInDemo, toastNamed } from '../helpers/voice-e2e';

// /voice in demo mode (no Stripe key, no SMTP, no OpenAI key, no Vapi key): the embedded defaults a
// new user gets on a fresh clone. Browser voice runs with the speech APIs replaced by test doubles.

/**
 * Test doubles for SpeechRecognition and speechSynthesis, injected before the app runs. The
 * recogniser "hears" the queued sentences, one per start (a partial result, then the final one);
 * the synthesiser records what it was asked to say. getUserMedia is wrapped so the test can check
 * the microphone was released. Plain JavaScript: it runs in the page as written.
 */
const SPEECH_DOUBLES = `(() => {
  const speech = { queue: ['What kind of projects do you work on?'], spoken: [], streams: [] };
  window.__speech = speech;
  const result = (text, isFinal) => Object.assign([{ transcript: text }], { isFinal });
  class FakeRecognition {
    constructor() {
      this.continuous = false; this.interimResults = false; this.lang = '';
      this.onresult = null; this.onerror = null; this.onend = null; this.isRunning = false;
    }
    start() {
      if (this.isRunning) throw new DOMException('already started', 'InvalidStateError');
      this.isRunning = true;
      // The speech service takes the audio (what the page's probe waits for before a call).
      setTimeout(() => this.isRunning && this.onaudiostart && this.onaudiostart(), 0);
      if (speech.queue.length === 0) return;
      setTimeout(() => {
        if (!this.isRunning) return;
        const sentence = speech.queue.shift();
        this.onresult && this.onresult({ resultIndex: 0, results: [result(sentence.split(' ').slice(0, 3).join(' '), false)] });
        setTimeout(() => {
          if (this.isRunning && this.onresult) this.onresult({ resultIndex: 0, results: [result(sentence, true)] });
        }, 300);
      }, 500);
    }
    stop() { this.end(); }
    abort() { this.end(); }
    end() {
      if (!this.isRunning) return;
      this.isRunning = false;
      setTimeout(() => this.onend && this.onend(), 0);
    }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  const synthesis = {
    speaking: false, pending: false, paused: false,
    speak(utterance) {
      speech.spoken.push(utterance.text);
      setTimeout(() => {
        utterance.onstart && utterance.onstart(new Event('start'));
        utterance.onboundary && utterance.onboundary(new Event('boundary'));
        setTimeout(() => utterance.onend && utterance.onend(new Event('end')), 400);
      }, 10);
    },
    cancel() {}, pause() {}, resume() {}, getVoices() { return []; },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    speech.streams.push(stream);
    return stream;
  };
})();`;

describe('/voice in the built app (demo mode, browser voice)', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  const newPage = (viewport = DESKTOP, withSpeech = false) =>
    browser.openPage({ viewport, ...(withSpeech ? { initScript: SPEECH_DOUBLES } : {}) });

  it('shows the e-mail gate, the lookup spinner, then the unsubscribed view with three plans', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors } = await newPage(viewport);
      await openGate(page, server.url);
      const access = page.getByRole('button', { name: 'Access Voice Clone' });
      expect(await access.isDisabled()).toBe(true);
      expect(await page.getByLabel('E-mail address').getAttribute('type')).toBe('email');
      await screenshot(page, `voice-gate-${tag}`);
      await expectAccessible(page);

      // Hold the lookup back so the loading state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/subscription-user', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('E-mail address').fill(uniqueEmail('gate'));
      expect(await access.isDisabled()).toBe(false);
      await access.click();
      await page.getByRole('status').filter({ hasText: 'Looking up your subscription' }).waitFor();
      release();

      // The badge and the prices at once, with no code; the code card only when asked for.
      await page.getByText('No Subscription').waitFor();
      expect(await page.getByRole('heading', { name: "Verify it's you" }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Confirm your e-mail' }).isVisible()).toBe(true);
      for (const text of ['Monthly', 'Professional', 'Enterprise', '$29', '$59', '$99', 'Most Popular']) {
        expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
      }
      expect(await page.getByText('100 voice minutes').isVisible()).toBe(true);
      expect(await page.getByText('300 voice minutes').isVisible()).toBe(true);
      expect(await page.getByText('Unlimited voice minutes').isVisible()).toBe(true);
      await page
        .getByText(/no card is charged/)
        .first()
        .waitFor(); // the demo banner (from /api/voice/config)
      expect(await page.getByRole('button', { name: 'Subscribe Now' }).isEnabled()).toBe(true);
      await screenshot(page, `voice-unsubscribed-${tag}`);
      await expectAccessible(page);

      // The e-mail is remembered across a reload and can be changed.
      await page.unroute('**/api/subscription-user');
      await page.reload();
      await page.getByText('No Subscription').waitFor();
      await page.getByRole('button', { name: 'Change e-mail' }).click();
      await page.getByRole('heading', { name: 'Voice Clone Access' }).waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('subscribes through the demo checkout and comes back subscribed and verified', async () => {
    const { page, errors } = await newPage();
    const email = uniqueEmail('subscribe');
    await openGate(page, server.url);
    await enterEmail(page, email);
    await page.getByText('No Subscription').waitFor();
    await choosePlan(page, 'Monthly');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    await page.waitForURL(/\/demo-checkout\//);
    await page.getByText('Demo checkout — no card is charged').waitFor();
    await page.getByRole('button', { name: 'Confirm demo subscription' }).waitFor();
    expect(await page.getByText('Monthly', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('$29/month').isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    await screenshot(page, 'voice-demo-checkout');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm demo subscription' }).click();

    await page.waitForURL(/\/voice/);
    await page.getByText('Subscribed', { exact: true }).waitFor();
    await page.getByText('Ready to Start').waitFor();
    expect(new URL(page.url()).search).toBe(''); // the checkout session is not left in the URL
    expect(await page.getByText('0 / 100 minutes').isVisible()).toBe(true);
    expect(await page.getByText('100 minutes remaining').isVisible()).toBe(true);
    await page.getByText('No sessions yet').waitFor();
    expect(await page.getByRole('button', { name: 'Start Voice Call' }).isEnabled()).toBe(true);
    expect(await page.getByText('What to expect').isVisible()).toBe(true);
    await screenshot(page, 'voice-subscribed-desktop');
    await expectAccessible(page);

    // A demo subscription has no Stripe customer portal: it is changed and cancelled right here.
    expect(await page.getByRole('button', { name: 'Change plan' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).isVisible()).toBe(true);
    expect(await page.getByTestId('renewal-date').textContent()).toMatch(/^Renews on /);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells a second browser nothing and gives it no code; the first browser verifies again with one', async () => {
    const first = await newPage();
    const email = uniqueEmail('verify');
    await subscribeInDemo(first.page, server.url, email, 'Professional');

    // Demo mode shows codes on the page, so the address belongs to the browser that claimed it.
    const second = await newPage(PHONE);
    await openGate(second.page, server.url);
    await enterEmail(second.page, email);
    await second.page.getByText('No Subscription').waitFor();
    expect(await second.page.getByText('Subscribed', { exact: true }).count()).toBe(0);
    expect(await second.page.getByRole('button', { name: 'Start Voice Call' }).count()).toBe(0);
    await second.page.getByRole('button', { name: 'Confirm your e-mail' }).click();
    await second.page.getByRole('button', { name: 'Send code' }).click();
    await second.page
      .getByRole('alert')
      .filter({ hasText: /first used in another browser/ })
      .waitFor();
    expect(await second.page.getByTestId('demo-code').count()).toBe(0);
    await screenshot(second.page, 'voice-claimed-elsewhere-phone');
    await expectAccessible(second.page);

    // The first browser, its verification gone (a cleared cookie), proves the e-mail with a code.
    await first.context.clearCookies({ name: 'voice_access' });
    await first.page.reload();
    // Unproven, it is told nothing either: the plans, and the way to confirm the e-mail.
    await first.page.getByText('No Subscription').waitFor();
    await first.page.getByRole('button', { name: 'Confirm your e-mail' }).click();
    await first.page.getByRole('button', { name: 'Send code' }).click();
    const code = (await first.page.getByTestId('demo-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await expectAccessible(first.page);

    // A wrong code is refused with the server's message.
    const wrong = code === '000000' ? '111111' : '000000';
    await first.page.getByLabel('6-digit code').fill(wrong);
    await first.page.getByRole('button', { name: 'Verify' }).click();
    await first.page.getByRole('alert').filter({ hasText: /code/i }).waitFor();

    await first.page.getByLabel('6-digit code').fill(code);
    await first.page.getByRole('button', { name: 'Verify' }).click();
    await first.page.getByText('Ready to Start').waitFor();
    await first.page.getByText('No sessions yet').waitFor();
    expect(await first.page.getByText('300 minutes remaining').isVisible()).toBe(true);
    expect(first.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    expect(second.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });

  it('holds a browser-voice call: timer, a turn answered, End Call, the session listed, minutes updated', async () => {
    const { page, errors } = await newPage(DESKTOP, true);
    await subscribeInDemo(page, server.url, uniqueEmail('call'), 'Monthly');
    await page.getByText('No sessions yet').waitFor();

    await page.getByRole('button', { name: 'Start Voice Call' }).click();
    await page.getByText('Call Active').waitFor();
    const started = toastNamed(page, 'Call Started');
    await started.waitFor();
    expect(await started.textContent()).toMatch(/You're now speaking with .+ AI clone!/);

    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^00:0[0-1]$/);
    await page.waitForFunction(() => document.querySelector('[role="timer"]')?.textContent === '00:02');

    // The recogniser hears one sentence; the clone's answer is spoken and captioned.
    const captions = page.getByRole('list', { name: 'Live captions' });
    await captions.getByText('What kind of projects do you work on?').waitFor();
    await page.waitForFunction(
      () => (window as unknown as { __speech: { spoken: string[] } }).__speech.spoken.length >= 2,
    );
    const spoken = await page.evaluate(
      () => (window as unknown as { __speech: { spoken: string[] } }).__speech.spoken,
    );
    expect(spoken[1]?.length).toBeGreaterThan(0);
    expect(await captions.locator('li').count()).toBeGreaterThanOrEqual(3); // greeting, question, answer

    await page.getByRole('button', { name: 'Mute' }).click();
    expect(await page.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Unmute' }).click();
    await screenshot(page, 'voice-call-active-desktop');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'End Call' }).click();
    const ended = toastNamed(page, 'Call Ended');
    await ended.waitFor();
    expect(await ended.textContent()).toMatch(/Call duration: 0:0[2-9]/);
    await page.getByText('Ready to Start').waitFor();

    const sessions = page.getByRole('list', { name: 'Latest voice sessions' });
    await sessions.waitFor();
    expect(await sessions.locator('li').count()).toBe(1);
    expect(await sessions.locator('li').first().textContent()).toMatch(/0:0[2-9]/);
    await page.getByText('99 minutes remaining').waitFor();
    expect(await page.getByText('1 / 100 minutes').isVisible()).toBe(true);

    const released = await page.evaluate(() =>
      (window as unknown as { __speech: { streams: MediaStream[] } }).__speech.streams.every((stream) =>
        stream.getTracks().every((track) => track.readyState === 'ended'),
      ),
    );
    expect(released).toBe(true);
    await screenshot(page, 'voice-after-call-desktop');
    expect(errors).toEqual([]);
  });

  it('ends a call when the page is reloaded mid-call: the list shows it ended, never in progress', async () => {
    const { page, errors } = await newPage(DESKTOP, true);
    await subscribeInDemo(page, server.url, uniqueEmail('reload'), 'Monthly');
    await page.getByText('No sessions yet').waitFor();
    expect(await page.getByText('Each call lasts up to 15 minutes').count()).toBe(1);
    // The reloaded page's own end of the call it left (PATCH), and how the server answered it.
    const leftoverEnds: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && /\/api\/voice-sessions\//.test(response.url()))
        leftoverEnds.push(response.status());
    });

    await page.getByRole('button', { name: 'Start Voice Call' }).click();
    await page.getByText('Call Active').waitFor();
    await page.waitForFunction(() => document.querySelector('[role="timer"]')?.textContent === '00:02');
    await page.reload();

    await page.getByText('Ready to Start').waitFor();
    const sessions = page.getByRole('list', { name: 'Latest voice sessions' });
    await sessions.waitFor();
    expect(await sessions.locator('li').count()).toBe(1);
    expect(await sessions.getByText('In progress').count()).toBe(0);
    expect(await sessions.locator('li').first().textContent()).toMatch(/0:0[2-9]/);
    await page.getByText('99 minutes remaining').waitFor();
    // The closing page's beacon (which Playwright does not show) had already ended it.
    expect(leftoverEnds).toEqual([409]);
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });

  it('with Vapi configured, keeps the Vapi SDK off / and loads it on /voice, and passes the server maximum to Vapi', async () => {
    // The SDK, built by Vite, must construct against our server and POST /api/vapi/call/web; the
    // server creates the call at a loopback Vapi with its private key and the session's maximum,
    // and the SDK goes on to join the room Vapi named (Daily is unreachable here, so the join
    // fails and the page reports a call error). Nothing in the browser talks to Vapi's API.
    const vapi = await startFakeVapiServer('vapi_private_e2e');
    const vapiServer = await startServer({
      VAPI_API_KEY: 'vapi_private_e2e',
      VAPI_API_BASE: vapi.url,
      // Reports configured, as in production: a failed start waits for Vapi's report to bill it.
      VAPI_WEBHOOK_SECRET: 'vapi-webhook-secret-e2e',
      PUBLIC_URL: 'https://alex.example',
    });
    try {
      const { page, errors } = await newPage();
      // Each script with the path of the page that asked for it.
      const scripts: { url: string; page: string }[] = [];
      const proxied: { authorization?: string; body: Record<string, unknown> }[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script')
          scripts.push({ url: request.url(), page: new URL(request.frame().url()).pathname });
        if (request.url().endsWith('/api/vapi/call/web'))
          proxied.push({
            authorization: request.headers().authorization,
            body: request.postDataJSON() as Record<string, unknown>,
          });
      });
      const direct: string[] = [];
      await page.route('https://api.vapi.ai/**', async (route) => {
        direct.push(route.request().url());
        await route.abort();
      });
      const daily: string[] = [];
      await page.route(/^https:\/\/[^/]*daily\.co\//, async (route) => {
        daily.push(route.request().url());
        await route.abort();
      });

      const isVapiChunk = ({ url }: { url: string }) => /\/assets\/vapi-[^/]*\.js$/.test(url);
      await page.goto(`${vapiServer.url}/`);
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter(isVapiChunk)).toEqual([]); // the chat page does not download it

      // A verified subscriber's /voice fetches it ahead of the click (or at the latest for the call).
      await subscribeInDemo(page, vapiServer.url, uniqueEmail('vapi'), 'Monthly');
      await page.getByRole('button', { name: 'Start Voice Call' }).click();
      await toastNamed(page, 'Call Error').waitFor();
      await page.getByRole('button', { name: 'Start Voice Call' }).waitFor();
      const vapiChunks = scripts.filter(isVapiChunk);
      expect(vapiChunks.length).toBeGreaterThan(0);
      expect(vapiChunks.map((script) => script.page)).toEqual(vapiChunks.map(() => '/voice'));

      // The page sent our session id and nothing else that matters, with no key.
      expect(direct).toEqual([]);
      expect(proxied).toHaveLength(1);
      expect(proxied[0]?.authorization).toBeUndefined();
      expect(proxied[0]?.body).toEqual({ assistant: { voiceSessionId: expect.any(String) } });
      const sessionId = (proxied[0]!.body.assistant as { voiceSessionId: string }).voiceSessionId;

      // The server created the call with its key, its maximum and its metadata.
      const created = vapi.requests.filter((request) => request.path === '/call/web');
      expect(created).toHaveLength(1);
      expect(created[0]?.authorization).toBe('Bearer vapi_private_e2e');
      const overrides = created[0]!.body.assistantOverrides as {
        maxDurationSeconds: number;
        metadata: { voiceSessionId: string };
      };
      expect(overrides.maxDurationSeconds).toBeGreaterThan(800); // VOICE_MAX_CALL_MINUTES: 15
      expect(overrides.maxDurationSeconds).toBeLessThanOrEqual(900);
      expect(overrides.metadata.voiceSessionId).toBe(sessionId);

      // The SDK took our answer and went for Vapi's room; ending the session ended the call.
      expect(daily.length).toBeGreaterThan(0);
      const [call] = [...vapi.calls.values()];
      await expect.poll(() => call?.controls).toEqual([{ type: 'end-call' }]);

      // The failed call leaves no session behind: neither in progress nor a 0:00 call.
      await page.reload();
      await page.getByText('Ready to Start').waitFor();
      await page.getByText('No sessions yet').waitFor();
      // Daily's failed join reports itself to its error service, which our CSP refuses.
      const isDailyFailure = (error: string) => /daily|sentry\.io|ERR_FAILED|status of [45]\d\d/i.test(error);
      expect(errors.filter((error) => !isDailyFailure(error))).toEqual([]);
    } finally {
      await vapiServer.stop();
      await vapi.close();
    }
  });
});
