import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForHydration } from './e2e';

// Steps of the /voice flows shared by the voice e2e files (demo mode: codes shown on the page).

export type PlanName = 'Monthly' | 'Professional' | 'Enterprise';

/** The visible toast (Radix also mirrors its text into a live region for screen readers). */
export const toastNamed = (page: Page, title: string) =>
  page.locator('[data-variant]').filter({ hasText: title });

/** The e-mail gate of /voice, hydrated (ready for typing). */
export async function openGate(page: Page, url: string) {
  await page.goto(`${url}/voice`);
  await page.getByRole('heading', { name: 'Voice Clone Access' }).waitFor();
  await waitForHydration(page);
}

export async function enterEmail(page: Page, email: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Access Voice Clone' }).click();
}

/** Picks a plan the way a visitor does: by clicking its card. */
export async function choosePlan(page: Page, plan: PlanName) {
  const radio = page.getByRole('radio', { name: new RegExp(`\\b${plan}\\b`) });
  await page.locator('label').filter({ has: radio }).click();
  expect(await radio.isChecked()).toBe(true);
}

/** Gate -> e-mail -> plan (no code for a new address) -> Subscribe Now -> demo checkout -> back on /voice, subscribed. */
export async function subscribeInDemo(page: Page, url: string, email: string, plan: PlanName) {
  await openGate(page, url);
  await enterEmail(page, email);
  await page.getByText('No Subscription').waitFor();
  await choosePlan(page, plan);
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL(/\/demo-checkout\//);
  await page.getByText('Demo checkout — no card is charged').waitFor();
  await page.getByRole('button', { name: 'Confirm demo subscription' }).click();
  await page.waitForURL(/\/voice/);
  await page.getByText('Subscribed', { exact: true }).waitFor();
}

/**
 * Speech doubles for browser voice, injected before the app runs: the recogniser hears the
 * queued sentences, one per start; the synthesiser "speaks" briefly. Plain JavaScript.
 */
export const speechDoubles = (sentences: string[]) => `(() => {
  const queue = ${JSON.stringify(sentences)};
  const result = (text, isFinal) => Object.assign([{ transcript: text }], { isFinal });
  class FakeRecognition {
    constructor() { this.onresult = null; this.onerror = null; this.onend = null; this.isRunning = false; }
    start() {
      this.isRunning = true;
      // The speech service takes the audio (what the page's probe waits for before a call).
      setTimeout(() => this.isRunning && this.onaudiostart && this.onaudiostart(), 0);
      if (queue.length === 0) return;
      setTimeout(() => {
        if (!this.isRunning || !this.onresult) return;
        const sentence = queue.shift();
        if (sentence) this.onresult({ resultIndex: 0, results: [result(sentence, true)] });
      }, 200);
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
      setTimeout(() => {
        utterance.onstart && utterance.onstart(new Event('start'));
        setTimeout(() => utterance.onend && utterance.onend(new Event('end')), 50);
      }, 10);
    },
    cancel() {}, pause() {}, resume() {}, getVoices() { return []; },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
})();`;
