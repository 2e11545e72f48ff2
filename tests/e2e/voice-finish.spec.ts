import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '../fakes/vapi-server';
import { expectAccessible } from '../helpers/accessibility';
import { DESKTOP, PHONE, screenshot } from '../helpers/e2e';
import { uniqueEmail } from '../helpers/unique-email';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';
import { enterEmail, openGate, speechDoubles, subscribeInDemo, toastNamed } from '../helpers/voice-e2e';

// The finish of /voice at 1280x800 and 390x844: out of minutes, captions, the microphone check,
// one Subscribe, Manage before verification, the demo-checkout error text, failed starts.

// Each state also in the dark theme (on a phone), where axe checks its contrast.
const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
  [PHONE, 'phone-dark'],
] as const;

const schemeOf = (tag: string) => (tag.endsWith('-dark') ? 'dark' : 'light');

const SENTENCES = [
  'What kind of projects do you work on?',
  'How do you usually start an engagement?',
  'Do you work with small teams?',
  'What does a typical week look like?',
];

describe('/voice finish (demo mode)', () => {
  // Every test subscribes a new e-mail from the same address: the per-address limits on codes,
  // look-ups and checkouts are not what this file checks.
  const server = useBuiltServer({
    VERIFICATION_RATE_LIMIT_PER_HOUR: '200',
    VERIFY_RATE_LIMIT_PER_HOUR: '200',
    CHECKOUT_RATE_LIMIT_PER_HOUR: '200',
    VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: '200',
  });
  const browser = useChromium();

  const newPage = (viewport: { width: number; height: number }, withSpeech = false, tag = '') =>
    browser.openPage({
      viewport,
      colorScheme: schemeOf(tag),
      ...(withSpeech ? { initScript: speechDoubles(SENTENCES) } : {}),
    });

  it('shows a subscriber out of minutes the limit instead of Start, and upgrades the demo plan in place', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, false, tag);
      // The server's views of the user say the month's minutes are used up (as after 100 minutes).
      const useUpMinutes = (user: { voiceMinutesUsed: number; voiceMinutesLimit: number } | null) => {
        if (user && user.voiceMinutesLimit === 100) user.voiceMinutesUsed = 100;
      };
      await page.route(/\/api\/(subscription-user|checkout-sessions\/confirm)$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { user: Parameters<typeof useUpMinutes>[0] };
        useUpMinutes(body.user);
        await route.fulfill({ response, json: body });
      });
      await subscribeInDemo(page, server.url, uniqueEmail('minutes'), 'Monthly');
      await page.getByRole('heading', { name: 'Minutes Limit Reached' }).waitFor();
      expect(await page.getByRole('button', { name: 'Start Voice Call' }).count()).toBe(0);
      // The renewal date says when the minutes come back; the upgrade shows its price first.
      expect(await page.getByTestId('out-of-minutes').textContent()).toMatch(
        /come back when your plan renews on/,
      );
      const upgrade = page.getByRole('button', { name: 'Switch to Professional · $59/month' });
      await upgrade.scrollIntoViewIfNeeded();
      expect(await upgrade.isVisible()).toBe(true);
      await screenshot(page, `voice-out-of-minutes-${tag}`);
      await expectAccessible(page);

      await upgrade.click();
      await page.getByRole('button', { name: 'Confirm switch to Professional' }).click();
      await page.getByRole('button', { name: 'Start Voice Call' }).waitFor();
      await page.getByText('Professional plan · $59/month').waitFor();
      await toastNamed(page, 'Plan Changed').waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('keeps several caption lines readable and scrollable during a call', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, true, tag);
      await subscribeInDemo(page, server.url, uniqueEmail('captions'), 'Monthly');
      await page.getByRole('button', { name: 'Start Voice Call' }).click();
      await page.getByText('Call Active').waitFor();
      const captions = page.getByRole('list', { name: 'Live captions' });
      // Greeting, then each sentence and its answer.
      await expect.poll(() => captions.locator('li').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(7);
      await captions.scrollIntoViewIfNeeded();
      const box = (await captions.boundingBox())!;
      expect(box.height).toBeGreaterThan(150); // several lines, not one
      // The newest line is in view; the older ones scroll inside the list.
      const isScrolledToEnd = await captions.evaluate(
        (list) => list.scrollHeight - list.scrollTop - list.clientHeight < 30,
      );
      expect(isScrolledToEnd).toBe(true);
      expect(await captions.getAttribute('tabindex')).toBe('0');
      await screenshot(page, `voice-captions-${tag}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'End Call' }).click();
      await page.getByText('Ready to Start').waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('checks the microphone before a call: a picker and a level meter', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, false, tag);
      await subscribeInDemo(page, server.url, uniqueEmail('microphone'), 'Monthly');
      await page.getByRole('button', { name: 'Test your microphone' }).click();
      const picker = page.getByRole('combobox', { name: 'Microphone' });
      await picker.waitFor();
      expect(await picker.locator('option').count()).toBeGreaterThan(0);
      // Chromium's fake microphone plays a beep: the meter moves.
      await expect
        .poll(
          async () =>
            Number(await page.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow')),
          {
            timeout: 10_000,
          },
        )
        .toBeGreaterThan(0);
      await page.getByTestId('microphone-check').scrollIntoViewIfNeeded();
      await screenshot(page, `voice-microphone-check-${tag}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Test your microphone' }).waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('sends one checkout for a double click on Subscribe', async () => {
    for (const [viewport] of VIEWPORTS) {
      const { page } = await newPage(viewport);
      const checkouts: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/create-subscription')) checkouts.push(request.url());
      });
      await openGate(page, server.url);
      await enterEmail(page, uniqueEmail('double'));
      await page.getByText('No Subscription').waitFor();
      await page.getByRole('button', { name: 'Subscribe Now' }).dblclick();
      await page.waitForURL(/\/demo-checkout\//);
      expect(checkouts).toHaveLength(1);
    }
  });

  it('asks to verify first when "Manage subscription" is pressed without a verified browser', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page } = await newPage(viewport, false, tag);
      await subscribeInDemo(page, server.url, uniqueEmail('manage'), 'Monthly');
      // The server stops accepting this browser for the e-mail (its proof expired): the sessions
      // list answers 401 and the page asks for a code again.
      await page.route(/\/api\/voice-sessions\/[^/]+$/, (route) =>
        route.fulfill({ status: 401, json: { message: 'Please verify your e-mail first.' } }),
      );
      await page.reload();
      await page.getByRole('heading', { name: "Verify it's you" }).waitFor();
      const manage = page.getByRole('button', { name: 'Manage subscription' });
      await manage.click();
      await page
        .getByText('Verify your e-mail with the code first, then you can manage your subscription.')
        .waitFor();
      expect(await page.getByText('Ready to Start').count()).toBe(0);
      await screenshot(page, `voice-manage-verify-first-${tag}`);
      await expectAccessible(page);
    }
  });

  it('reads a bad demo-checkout link once, with one period between sentences', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page } = await newPage(viewport, false, tag);
      await page.goto(`${server.url}/demo-checkout/not-a-session`);
      const alert = page.getByRole('alert').filter({ hasText: 'This demo checkout was not found' });
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      expect(text.match(/expired/g)).toHaveLength(1);
      expect(text).not.toMatch(/\.\./);
      await screenshot(page, `voice-demo-checkout-missing-${tag}`);
      await expectAccessible(page);
    }
  });
});

describe('/voice with Vapi configured: a failed start', () => {
  let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>;
  beforeAll(async () => {
    vapi = await startFakeVapiServer('vapi_private_e2e');
  });
  afterAll(async () => {
    await vapi?.close();
  });
  const server = useBuiltServer(() => ({
    VAPI_API_KEY: 'vapi_private_e2e',
    VAPI_API_BASE: vapi.url,
    // Reports configured, as in production: a failed start waits for Vapi's report to bill it.
    VAPI_WEBHOOK_SECRET: 'vapi-webhook-secret-e2e',
    PUBLIC_URL: 'https://alex.example',
  }));
  const browser = useChromium();

  async function failedStart(page: Page) {
    // Daily is unreachable here, so joining Vapi's room fails.
    await page.route(/^https:\/\/[^/]*daily\.co\//, (route) => route.abort());
    await page.getByRole('button', { name: 'Start Voice Call' }).click();
    await toastNamed(page, 'Call Error').waitFor();
    await page.getByRole('button', { name: 'Start Voice Call' }).waitFor();
  }

  it('says so once, in the toast, and records no 0:00 session', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { context, page } = await browser.openPage({ viewport, colorScheme: schemeOf(tag) });
      try {
        await subscribeInDemo(page, server.url, uniqueEmail('vapi-fail'), 'Monthly');
        await page.getByText('No sessions yet').waitFor();
        await failedStart(page);
        expect(await toastNamed(page, 'Call Error').count()).toBe(1);
        // One place: no inline alert repeats it in the call card.
        const card = page.getByRole('region', { name: 'Voice Conversation' });
        expect(await card.getByRole('alert').count()).toBe(0);
        await screenshot(page, `voice-failed-start-${tag}`);
        await page.reload();
        await page.getByText('Ready to Start').waitFor();
        await page.getByText('No sessions yet').waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
