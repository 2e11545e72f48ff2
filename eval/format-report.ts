import { formatRate, type CaseResult, type EvalReport } from './run-eval';

/** Pass rates per kind and overall, then prompt recall: what `npm run eval` prints. */
export function formatSummary(report: EvalReport): string {
  const width = Math.max(...report.byKind.map(({ kind }) => kind.length), 'overall'.length) + 2;
  const row = (label: string, text: string) => `  ${label.padEnd(width)}${text}`;
  return [
    `Offline clone: ${report.results.length} cases`,
    ...report.byKind.map((kind) => row(kind.kind, formatRate(kind))),
    row('overall', formatRate(report.overall)),
    'Prompt recall (model path), cases whose every fact is in the prompt:',
    row('default', formatRate(report.recall.atDefault)),
    row(`${report.recall.tightBudgetTokens} tok`, formatRate(report.recall.atTight)),
  ].join('\n');
}

/** One failed case: the conversation, the reply and what failed. Undefined when there is nothing to say. */
export function formatFailure(result: CaseResult): string | undefined {
  const recallMisses = [
    ...(result.recall?.missingAtDefault ?? []).map(
      (fact) => `not in the prompt at the default budget: /${fact}/`,
    ),
    ...(result.recall?.missingAtTight ?? []).map(
      (fact) => `(reported only) not in the tight-budget prompt: /${fact}/`,
    ),
  ];
  if (result.failures.length === 0 && recallMisses.length === 0) return undefined;
  const { id, kind, channel, turns } = result.evalCase;
  const status = result.failures.length === 0 ? 'passed, recall' : 'FAIL';
  return [
    `${status} ${id} [${kind}, ${channel}]`,
    ...turns.map((turn) => `  > ${turn}`),
    ...(result.reply ? result.reply.split('\n').map((line) => `  | ${line}`) : []),
    ...[...result.failures, ...recallMisses].map((failure) => `  - ${failure}`),
  ].join('\n');
}
