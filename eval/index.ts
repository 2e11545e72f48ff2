// `npm run eval`: the clone's answer quality on the evaluation set (eval/README.md).
//   --verbose       each failure: the conversation, the reply and what failed
//   --check         exit 1 when a threshold of issue 8 is missed (as the CI test does)
//   --kind <kind>   only the cases of one kind
//   --cases <path>  another case file or folder (default eval/cases)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../server/env';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { formatFailure, formatSummary } from './format-report';
import { CASES_DIR, loadCases } from './load-cases';
import { listThresholdMisses, runEval } from './run-eval';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    kind: { type: 'string' },
    cases: { type: 'string', default: CASES_DIR },
  },
});

setLogLevel('silent');
// Fixed, not read from process.env: the cases are written from this repository's content folder.
const contentDir = path.resolve(import.meta.dirname, '../content');
const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_DIR: contentDir });
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));

const cases = (await loadCases(path.resolve(values.cases))).filter(
  (evalCase) => !values.kind || evalCase.kind === values.kind,
);
if (cases.length === 0) throw new Error(`no cases${values.kind ? ` of kind "${values.kind}"` : ''}`);

const report = await runEval(cases, { content: await loadContent(contentDir), env: parsed.env });

if (values.verbose) {
  for (const result of report.results) {
    const failure = formatFailure(result);
    if (failure) console.log(`${failure}\n`);
  }
}
console.log(formatSummary(report));

if (values.check) {
  const misses = listThresholdMisses(report);
  for (const miss of misses) console.log(`threshold missed: ${miss}`);
  if (misses.length > 0) process.exitCode = 1;
}
