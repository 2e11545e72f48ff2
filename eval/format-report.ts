import { READING_RULE_LABELS, READING_RULES, type RuleCount } from './reading-rules';
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
    formatReading(report.reading),
  ].join('\n');
}

/**
 * The reading rules (reading-rules.ts) over the answerable replies: how many pass every rule, each
 * rule's count (of the cases it judges), then a table per kind. Rows are indented by four spaces so
 * that no line reads like a pass-rate line of the summary above.
 */
export function formatReading(reading: EvalReport['reading']): string {
  const labels = READING_RULES.map((rule) => READING_RULE_LABELS[rule]);
  const width = Math.max(...labels.map((label) => label.length)) + 2;
  const kindWidth = Math.max(...reading.byKind.map(({ kind }) => kind.length), 'kind'.length) + 2;
  const cell = ({ passed, total }: RuleCount, header: string) =>
    (total === 0 ? '-' : `${passed}/${total}`).padEnd(Math.max(header.length, 7) + 2);
  const headers = ['every rule', ...labels];
  return [
    `Reading (answerable replies): ${formatRate(reading.all)} pass every rule`,
    ...READING_RULES.map(
      (rule) => `    ${READING_RULE_LABELS[rule].padEnd(width)}${formatRate(reading.rules[rule])}`,
    ),
    `    ${'kind'.padEnd(kindWidth)}${headers.map((header) => header.padEnd(Math.max(header.length, 7) + 2)).join('')}`.trimEnd(),
    ...reading.byKind.map((kind) =>
      `    ${kind.kind.padEnd(kindWidth)}${[kind.all, ...READING_RULES.map((rule) => kind.rules[rule])]
        .map((count, index) => cell(count, headers[index] ?? ''))
        .join('')}`.trimEnd(),
    ),
  ].join('\n');
}

/**
 * The answerable cases whose reply misses a reading rule: id, kind, channel and each rule missed
 * with its reason. Reported only (a case's pass or fail is its facts); empty when none misses.
 */
export function formatReadingMisses(results: CaseResult[]): string {
  const missed = results.filter((result) => result.reading && !result.reading.passed);
  if (missed.length === 0) return '';
  return [
    'Reading rules missed (answerable replies, reported only):',
    ...missed.map(({ evalCase, reading }) => {
      const rules = (reading?.failed ?? []).map(
        (rule) => `${READING_RULE_LABELS[rule]}: ${reading?.rules[rule].reason ?? ''}`,
      );
      return `  ${evalCase.id} [${evalCase.kind}, ${evalCase.channel}] ${rules.join('; ')}`;
    }),
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
