import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../helpers/accessibility';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { fixtureOwnerDir } from '../helpers/fixture-owners';
import { uniqueEmail } from '../helpers/unique-email';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';
import { speechDoubles, subscribeInDemo, toastNamed } from '../helpers/voice-e2e';

// Issue 25, points 1-3, as a visitor sees them at 1280x800 and 390x844 (and dark on a phone):
// prices right after the e-mail, a checkout that proves the e-mail, honest failed starts,
// captions in view during a call, and plans changed and cancelled like on Stripe's pages.

const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
  [PHONE, 'phone-dark'],
] as const;
type Viewport = (typeof VIEWPORTS)[number][0];

const schemeOf = (tag: string) => (tag.endsWith('-dark') ? 'dark' : 'light');

/** A browser whose speech service fails at once although the microphone works (Chromium here). */
const BROKEN_SPEECH_SERVICE = `(() => {
  class BrokenRecognition {
    constructor() { this.onerror = null; this.onend = null; this.isRunning = false; }
    start() {
      this.isRunning = true;
      setTimeout(() => {
        this.onerror && this.onerror({ error: 'audio-capture' });
        this.abort();
      }, 0);
    }
    stop() { this.abort(); }
    abort() {
      if (!this.isRunning) return;
      this.isRunning = false;
      setTimeout(() => this.onend && this.onend(), 0);
    }
  }
  window.SpeechRecognition = BrokenRecognition;
  window.webkitSpeechRecognition = BrokenRecognition;
})();`;

const RELAXED_LIMITS = {
  VERIFICATION_RATE_LIMIT_PER_HOUR: '200',
  VERIFY_RATE_LIMIT_PER_HOUR: '200',
  CHECKOUT_RATE_LIMIT_PER_HOUR: '200',
  VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: '200',
};

describe('/voice: prices first, honest call states, plans (demo mode)', () => {
  const server = useBuiltServer(RELAXED_LIMITS);
  const euros = useBuiltServer({ ...RELAXED_LIMITS, CONTENT_DIR: fixtureOwnerDir('ines-carvalho') });
  const browser = useChromium();

  async function newPage(viewport: Viewport, tag: string, initScript?: string) {
    const { context, page, errors } = await browser.openPage({
      viewport,
      colorScheme: schemeOf(tag),
      initScript,
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${pathname}`);
    });
    return { context, page, errors, apiCalls };
  }

  it("shows the badge and the owner's prices right after the e-mail, with no code (in euros for Inês)", async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors, apiCalls } = await newPage(viewport, tag);
      await page.goto(`${euros.url}/voice`);
      await waitForHydration(page);
      await page.getByLabel('E-mail address').fill(uniqueEmail('prices'));
      await page.getByRole('button', { name: 'Access Voice Clone' }).click();

      await page.getByText('No Subscription').waitFor();
      for (const text of ['Essencial', 'Profissional', 'Empresa', '€25', '€49.50', '€89']) {
        expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
      }
      expect(await page.getByText('250 voice minutes').isVisible()).toBe(true);
      expect(await page.getByText('$', { exact: false }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: "Verify it's you" }).count()).toBe(0);
      expect(apiCalls.filter((call) => call.includes('verification-codes'))).toEqual([]);
      // The price is on the first screen, above the fold.
      const price = await page.getByText('€49.50', { exact: true }).boundingBox();
      expect(price!.y + price!.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `voice-prices-first-${tag}`);
      await expectAccessible(page);

      // A subscriber in a new browser reveals the subscription with a code, when asked to.
      await page.getByRole('button', { name: 'Confirm your e-mail' }).click();
      await page.getByRole('heading', { name: "Verify it's you" }).waitFor();
      expect(await page.getByRole('button', { name: 'Subscribe Now' }).isVisible()).toBe(true);
      await screenshot(page, `voice-confirm-email-${tag}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }
  });

  it('proves a new subscriber by the completed checkout (no code); a used link says it is complete', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors, apiCalls } = await newPage(viewport, tag);
      let checkoutPath = '';
      page.on('framenavigated', (frame) => {
        const { pathname } = new URL(frame.url());
        if (pathname.startsWith('/demo-checkout/')) checkoutPath = pathname;
      });
      await subscribeInDemo(page, server.url, uniqueEmail('no-code'), 'Monthly');
      await page.getByText('Ready to Start').waitFor();
      expect(await page.getByRole('button', { name: 'Start Voice Call' }).isEnabled()).toBe(true);
      expect(apiCalls.filter((call) => call.includes('verification-codes'))).toEqual([]);
      expect(await page.getByTestId('renewal-date').textContent()).toMatch(/^Renews on .+\d{4}/);

      await page.goto(`${server.url}${checkoutPath}`);
      await page.getByText(/This checkout is complete/).waitFor();
      expect(await page.getByRole('button', { name: 'Confirm demo subscription' }).count()).toBe(0);
      await screenshot(page, `voice-checkout-used-${tag}`);
      await expectAccessible(page);

      await page.goto(`${server.url}/demo-checkout/demo_cs_unknown`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect((await alert.textContent())?.match(/expired/g)).toHaveLength(1);
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    }
  });

  it('leaves no trace of a start the speech service refuses, and names the cause', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, tag, BROKEN_SPEECH_SERVICE);
      await subscribeInDemo(page, server.url, uniqueEmail('no-speech'), 'Monthly');
      await page.getByText('No sessions yet').waitFor();
      await page.getByRole('button', { name: 'Start Voice Call' }).click();

      const toast = toastNamed(page, 'Call Error');
      await toast.waitFor();
      expect(await toast.textContent()).toMatch(/microphone works, but this browser's speech recognition/);
      expect(await toast.textContent()).not.toMatch(/No microphone was found/);
      await screenshot(page, `voice-speech-service-failed-${tag}`);
      expect(await toastNamed(page, 'Call Ended').count()).toBe(0);
      expect(await page.getByText(/Last call/).count()).toBe(0);
      expect(await page.getByText('Ready to Start').isVisible()).toBe(true);
      await page.getByText('No sessions yet').waitFor();
      await page.reload();
      await page.getByText('Ready to Start').waitFor();
      await page.getByText('No sessions yet').waitFor();
      expect(await page.getByText('0 / 100 minutes').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    }
  });

  it('keeps the captions in view above the call controls during a call', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, tag, speechDoubles(['What do you build?']));
      await subscribeInDemo(page, server.url, uniqueEmail('captions'), 'Monthly');
      await page.getByRole('button', { name: 'Start Voice Call' }).click();
      await page.getByText('Call Active').waitFor();
      const captions = page.getByTestId('captions');
      await captions
        .getByText(/You said|What do you build/)
        .first()
        .waitFor();
      // Let the card's smooth scroll settle before measuring.
      await page.waitForFunction(() => {
        const top = document.getElementById('voice-call-heading')?.getBoundingClientRect().top;
        return top !== undefined && top >= 0 && top < 120;
      });
      const list = (await captions.boundingBox())!;
      const end = (await page.getByRole('button', { name: 'End Call' }).boundingBox())!;
      expect(list.y).toBeGreaterThanOrEqual(0);
      expect(list.y + list.height).toBeLessThanOrEqual(end.y); // above the controls
      expect(end.y + end.height).toBeLessThanOrEqual(viewport.height); // both on screen
      expect(list.height).toBeGreaterThanOrEqual(96); // several lines, not half of one
      await screenshot(page, `voice-captions-in-call-${tag}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'End Call' }).click();
      await toastNamed(page, 'Call Ended').waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('switches a plan with its price, the period and a confirmation, then cancels like Stripe', async () => {
    for (const [viewport, tag] of VIEWPORTS) {
      const { page, errors } = await newPage(viewport, tag);
      await subscribeInDemo(page, server.url, uniqueEmail('switch'), 'Monthly');
      await page.getByText('Monthly plan · $29/month').waitFor();
      await page.getByRole('button', { name: 'Change plan' }).click();
      await page.getByRole('button', { name: 'Switch to Professional · $59/month' }).click();
      const confirm = page.getByTestId('plan-change-confirm');
      expect(await confirm.textContent()).toMatch(
        /Switch to Professional: \$59\/month.*takes effect now: this period \(until .+\) gets 300 minutes/,
      );
      await confirm.scrollIntoViewIfNeeded();
      await screenshot(page, `voice-plan-confirm-${tag}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Confirm switch to Professional' }).click();
      await page.getByText(/You're on the Professional plan now:/).waitFor();
      await page.getByText('Professional plan · $59/month').waitFor();
      expect(await page.getByText('0 / 300 minutes').isVisible()).toBe(true);
      await screenshot(page, `voice-plan-switched-${tag}`);

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByRole('heading', { name: 'Cancel your demo plan?' }).waitFor();
      await screenshot(page, `voice-cancel-confirm-${tag}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
      await toastNamed(page, 'Subscription Cancelled').waitFor();
      await page.getByText('No Subscription').waitFor();
      await page.getByText(/Your subscription is canceled/).waitFor();
      expect(await page.getByRole('button', { name: 'Subscribe Now' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    }
  });
});
