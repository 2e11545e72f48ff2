// `npm run eval`: the clone's answer quality on an owner's evaluation set (eval/README.md).
//   --verbose          each failure: the conversation, the reply and what failed; then each
//                      answerable reply missing a reading rule (reported only)
//   --check            exit 1 when a threshold of issue 8 is missed (as the CI test does)
//   --kind <kind>      only the cases of one kind
//   --content <dir>    the owner's content folder (default the shipped content/)
//   --owner <slug>     a fixture owner: content from tests/fixtures/owners/<slug>, cases from
//                      eval/owners/<slug>/cases
//   --cases <path>     another case file or folder (default the owner's eval/owners/<slug>/cases,
//                      the slug being the content's owner name: "Alex Morgan" is alex-morgan)
//   --timezone <zone>  the owner's OWNER_TIMEZONE (default the content's availability.json
//                      "timeZone", else the site's default)
//   --today <date>     run the conversations at noon of this owner-local date (default now)
//   --replies <file>   write every case's reply as JSON ({ id: reply }), to compare two engines
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../server/env';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { getSlotInstant, isCalendarDate } from '../shared/booking-time';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';
import { formatFailure, formatReadingMisses, formatSummary } from './format-report';
import { loadCases, ownerCasesDir, toOwnerSlug } from './load-cases';
import { listThresholdMisses, runEval } from './run-eval';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    kind: { type: 'string' },
    content: { type: 'string' },
    owner: { type: 'string' },
    cases: { type: 'string' },
    timezone: { type: 'string' },
    today: { type: 'string' },
    replies: { type: 'string' },
  },
});
if (values.owner && values.content)
  throw new Error('--owner names the content folder: give --owner or --content');
if (values.today && !isCalendarDate(values.today)) throw new Error('--today takes a date such as 2026-11-24');

setLogLevel('silent');
// Not read from process.env: the owner evaluated is the one named on the command line.
const contentDir = values.owner
  ? fixtureOwnerDir(values.owner)
  : path.resolve(values.content ?? path.join(import.meta.dirname, '../content'));
const content = await loadContent(contentDir);
const slug = values.owner ?? toOwnerSlug(content.profile.name);

const casesSource = values.cases ? path.resolve(values.cases) : ownerCasesDir(slug);
if (!fs.existsSync(casesSource)) {
  throw new Error(
    `no evaluation set for ${content.profile.name}: ${path.relative(process.cwd(), casesSource)} is missing; ` +
      'write one from their content (eval/README.md) or pass --cases',
  );
}

const timeZone = values.timezone ?? content.timeZone;
const parsed = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CONTENT_DIR: contentDir,
  ...(timeZone ? { OWNER_TIMEZONE: timeZone } : {}),
});
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const { env } = parsed;

const cases = (await loadCases(casesSource)).filter(
  (evalCase) => !values.kind || evalCase.kind === values.kind,
);
if (cases.length === 0) throw new Error(`no cases${values.kind ? ` of kind "${values.kind}"` : ''}`);

const today = values.today;
const report = await runEval(cases, {
  content,
  env,
  now: today ? () => getSlotInstant(today, '12:00', env.OWNER_TIMEZONE) : undefined,
});

console.log(`${content.profile.name}: ${path.relative(process.cwd(), casesSource) || '.'}`);
if (values.verbose) {
  for (const result of report.results) {
    const failure = formatFailure(result);
    if (failure) console.log(`${failure}\n`);
  }
  const readingMisses = formatReadingMisses(report.results);
  if (readingMisses) console.log(`${readingMisses}\n`);
}
console.log(formatSummary(report));
if (values.replies) {
  const replies = Object.fromEntries(report.results.map(({ evalCase, reply }) => [evalCase.id, reply]));
  fs.writeFileSync(values.replies, `${JSON.stringify(replies, null, 1)}\n`);
}

if (values.check) {
  const misses = listThresholdMisses(report);
  for (const miss of misses) console.log(`threshold missed: ${miss}`);
  if (misses.length > 0) process.exitCode = 1;
}
