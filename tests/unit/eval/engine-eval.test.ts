import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../../eval/format-report';
import { loadCases, ownerCasesDir, readOwnerSettings } from '../../../eval/load-cases';
import { listThresholdMisses, runEval } from '../../../eval/run-eval';
import { loadContent } from '../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../helpers/fixture-owners';
import { testEnv } from '../../helpers/test-app';

// The generic engine that replaces the offline clone is held to the same thresholds as the clone
// (90% overall, 80% in every kind, every fact in the model path's prompt) on both fixture owners' guarded sets, so neither owner's replies
// can get worse unnoticed. Each set runs on its own in-memory PGlite.
describe.each(['alex-morgan', 'ines-carvalho'])('the generic engine on %s', (owner) => {
  it('passes 90% overall and 80% of every kind', async () => {
    const { timeZone } = await readOwnerSettings(owner);
    const report = await runEval(await loadCases(ownerCasesDir(owner)), {
      content: await loadContent(fixtureOwnerDir(owner)),
      env: testEnv(timeZone ? { OWNER_TIMEZONE: timeZone } : {}),
      engine: 'generic',
    });
    const failed = report.results
      .filter((result) => result.failures.length > 0)
      .map((result) => `${result.evalCase.id}: ${result.failures[0]?.split('\n')[0]}`);
    expect(listThresholdMisses(report), [formatSummary(report), ...failed].join('\n')).toEqual([]);
  }, 240_000);
});
