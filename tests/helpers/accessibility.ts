import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The page as it settles: colours still moving (a button enabled as the code hydrates fades from
 * its disabled look) are judged once their transition ends, not halfway.
 */
async function analyzeSettled(page: Page) {
  // Looping ones (a spinner, a pulse while a call is live) never end and are judged as they are.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  return new AxeBuilder({ page }).analyze();
}

/** Serious and critical accessibility problems axe finds on what is on screen. */
export async function findSeriousViolations(page: Page): Promise<string[]> {
  const { violations } = await analyzeSettled(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Every rule axe can check (contrast, names, roles, landmarks) holds on what is on screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await analyzeSettled(page);
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}
