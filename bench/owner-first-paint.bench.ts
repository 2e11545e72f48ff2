// The first paint of `/owner` (its prerendered sign-in form) on the built app: Lighthouse mobile
// LCP against the plain page of the first-visit bench, alternating, median of 3. Goal: <= 1.3x.
// `npm run build` first (DIST_DIR picks another build); `npm run bench owner-first-paint`.
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../tests/helpers/e2e';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';
import { runLighthouseWithRetry, startPlainPage } from './first-visit.bench';

const RUNS = 3;
const LCP_GOAL_RATIO = 1.3;
const LIGHTHOUSE = path.resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'lighthouse');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function ownerFirstPaintBench() {
  if (!fs.existsSync(LIGHTHOUSE)) return console.log('lighthouse is not installed: skipped');
  const profile = JSON.parse(
    fs.readFileSync(path.join(fixtureOwnerDir('alex-morgan'), 'profile.json'), 'utf8'),
  ) as { greeting: string };
  const server = await startServer();
  const plain = await startPlainPage(profile.greeting);
  const owner: number[] = [];
  const anchor: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      anchor.push((await runLighthouseWithRetry(plain.url)).lcpMs);
      owner.push((await runLighthouseWithRetry(`${server.url}/owner`)).lcpMs);
    }
  } finally {
    plain.server.close();
    await server.stop();
  }
  const ratio = median(owner) / median(anchor);
  const runs = (values: number[]) => values.map((ms) => Math.round(ms)).join(', ');
  console.log(
    `Lighthouse mobile LCP, median of ${RUNS} (runs: /owner ${runs(owner)} ms; plain ${runs(anchor)} ms)`,
  );
  console.log(
    `/owner ${(median(owner) / 1000).toFixed(2)} s, plain page ${(median(anchor) / 1000).toFixed(2)} s: **${ratio.toFixed(2)}x** (goal <= ${LCP_GOAL_RATIO}x: ${ratio <= LCP_GOAL_RATIO ? 'met' : 'MISSED'})`,
  );
}
