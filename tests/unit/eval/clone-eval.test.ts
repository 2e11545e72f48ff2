import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../../eval/format-report';
import { CASE_KINDS, loadCases, ownerCasesDir } from '../../../eval/load-cases';
import { listThresholdMisses, runEval } from '../../../eval/run-eval';
import { loadContent } from '../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../helpers/fixture-owners';
import { createTestDatabase } from '../../helpers/test-db';
import { testEnv } from '../../helpers/test-app';

// `npm run eval -- --owner <owner> --check` as a test: the offline clone (deterministic) is held to
// 90% overall and 80% in every kind, and the model path's prompt to every fact, on both fixture
// owners' guarded sets, whoever owns content/. Each set runs on its own in-memory PGlite,
// loaded from the migrated snapshot.
describe.each(['alex-morgan', 'ines-carvalho'])('the clone evaluation of %s', (owner) => {
  it('has at least 130 cases and 10 of every kind', async () => {
    const cases = await loadCases(ownerCasesDir(owner));
    expect(cases.length).toBeGreaterThanOrEqual(130);
    for (const kind of CASE_KINDS) {
      expect(cases.filter((evalCase) => evalCase.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
    }
  });

  it('the offline clone passes 90% overall and 80% of every kind, and the prompt recalls every fact', async () => {
    const content = await loadContent(fixtureOwnerDir(owner));
    const report = await runEval(await loadCases(ownerCasesDir(owner)), {
      content,
      env: testEnv(content.timeZone ? { OWNER_TIMEZONE: content.timeZone } : {}),
      // The migrated snapshot the global setup made, not initdb and the migrations from scratch.
      openDb: createTestDatabase,
    });
    const failed = report.results
      .filter((result) => result.failures.length > 0)
      .map((result) => `${result.evalCase.id}: ${result.failures[0]?.split('\n')[0]}`);
    const recallMisses = report.results
      .filter((result) => (result.recall?.missingAtDefault.length ?? 0) > 0)
      .map(
        (result) => `${result.evalCase.id}: not in the prompt ${result.recall?.missingAtDefault.join(', ')}`,
      );
    const explanation = [formatSummary(report), 'npm run eval -- --verbose shows each failure:', ...failed];
    expect(listThresholdMisses(report), [...explanation, ...recallMisses].join('\n')).toEqual([]);
  }, 240_000);
});
