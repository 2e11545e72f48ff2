import type { ProfileFile } from '../../../../shared/content';
import type { AnswerUnit } from '../answer-units';
import { isCaseStudy, type Passage } from '../knowledge-index';
import { countWords } from '../text-terms';

// How the offline clone words what it found: a narrow answer is the sentences themselves; a
// section asked about as a whole is summarised (list items cut to their first clause, a case study
// to its client, problem and outcome), so no reply pastes a whole card.

/** Words a summary aims to stay within. */
const SUMMARY_WORDS = 100;
/** A list of named items longer than this is given by name only. */
const LIST_WORDS = 100;

const CASE_STUDY_LEADS: Record<string, (title: string, value: string) => string> = {
  client: (title, value) => `For the ${title} project, the client was ${lowerFirst(value)}`,
  problem: (title, value) => `The problem behind the ${title} project: ${lowerFirst(value)}`,
  // "I designed and built…" reads on; "a summarisation service…" needs a verb.
  solution: (title, value) =>
    /^I\b/.test(value)
      ? `In the ${title} project, ${value}`
      : `In the ${title} project, the solution was ${lowerFirst(value)}`,
  stack: (title, value) => `For the ${title} project I used ${value}`,
  outcome: (title, value) => `In the ${title} project, ${lowerFirst(value)}`,
};

// A second detail of the project the reply has just named does not name it again.
const SAME_PROJECT_LEADS: Record<string, (value: string) => string> = {
  client: (value) => `The client was ${lowerFirst(value)}`,
  problem: (value) => `The problem: ${lowerFirst(value)}`,
  solution: (value) => (/^I\b/.test(value) ? value : `The solution was ${lowerFirst(value)}`),
  stack: (value) => `I used ${value}`,
  outcome: (value) => `The outcome: ${lowerFirst(value)}`,
};

/** The chosen sentences and list items, each as the content says it; case-study details name their project. */
export function renderUnits(picked: AnswerUnit[]): string {
  // Items of one list keep the list's order: steps and timelines read as written.
  const isOneList =
    picked.length > 1 && picked.every((unit) => unit.isListItem && unit.passage === picked[0]!.passage);
  const units = isOneList ? [...picked].sort((a, b) => a.order - b.order) : picked;
  const lines = units.map((unit, position) => {
    const key = unit.key?.toLowerCase();
    if (isCaseStudy(unit.passage) && key && unit.value) {
      const named = position > 0 && units[position - 1]!.passage === unit.passage;
      const again = named ? SAME_PROJECT_LEADS[key] : undefined;
      if (again) return again(unit.value);
      const lead = CASE_STUDY_LEADS[key];
      const title = lowerFirst(unit.passage.title);
      return lead ? lead(title, unit.value) : `In the ${title} project (${key}): ${unit.value}`;
    }
    return unit.isListItem && units.length > 1 ? `- ${unit.text}` : unit.text;
  });
  // Sentences of one paragraph read on; list items stay a list.
  const text = lines.reduce((text, line, position) => {
    if (position === 0) return line;
    const joiner = line.startsWith('- ') || lines[position - 1]!.startsWith('- ') ? '\n' : ' ';
    return `${text}${joiner}${line}`;
  }, '');
  const result = projectResult(units);
  return result ? `${text} ${result}` : text;
}

/**
 * What a project achieved, after its client, problem or solution told alone: a visitor asking what
 * was built for a hospital wants to hear how it turned out, in a line.
 */
function projectResult(units: AnswerUnit[]): string | undefined {
  const passage = units[0]?.passage;
  if (!passage || !isCaseStudy(passage) || units.some((unit) => unit.passage !== passage)) return undefined;
  const keys = units.map((unit) => unit.key?.toLowerCase());
  if (!keys.every((key) => key === 'client' || key === 'problem' || key === 'solution')) return undefined;
  const outcome = passage.fields.outcome;
  return outcome ? `The result: ${lowerFirst(firstClause(outcome))}.` : undefined;
}

/** A whole section, summarised to what a visitor needs first. */
export function renderPassageSummary(
  passage: Passage,
  units: AnswerUnit[],
  /** Unit ids matching the question, best first: the closing sentence is the best of them. */
  relevant: readonly string[] = [],
): string {
  if (isCaseStudy(passage)) return summariseCaseStudy(passage);
  const sentences = units.filter((unit) => !unit.isListItem);
  const items = units.filter((unit) => unit.isListItem);
  if (items.length === 0)
    return takeWords(
      sentences.map((unit) => unit.text),
      SUMMARY_WORDS,
    ).join(' ');

  // The opening sentence, and the one that introduces the list ("Voice calls need a monthly plan:").
  const before = sentences.filter((unit) => unit.order < items[0]!.order);
  const introducer = before.length > 1 && before.at(-1)!.text.endsWith(':') ? [before.at(-1)!] : [];
  const intro = [...before.slice(0, 1), ...introducer];
  const after = sentences.filter((unit) => unit.order > items.at(-1)!.order);
  const lead = intro.length > 0 ? intro.map((unit) => unit.text).join(' ') : `**${passage.title}:**`;
  // A long list of named items is named only; the visitor picks one to hear more.
  const isLong = countWords(items.map((unit) => unit.text).join(' ')) > LIST_WORDS;
  const isNamed = items.every((unit) => unit.key);
  if (isLong && isNamed) {
    const names = items.map((unit) => `- **${unit.key}**`).join('\n');
    return [lead, names, 'Ask me about any of them for the details.'].join('\n\n');
  }
  const list = items.map((unit) => `- ${unit.text}`);
  const used = countWords([lead, ...list].join(' '));
  // One closing sentence at most, the one the question asks about if any: the list is the answer.
  const closingUnit = relevant.map((id) => after.find((unit) => unit.id === id)).find(Boolean) ?? after[0];
  const closing = takeWords(
    (closingUnit ? [closingUnit] : []).map((unit) => unit.text),
    Math.max(0, SUMMARY_WORDS - used),
  );
  return [lead, list.join('\n'), closing.join(' ')].filter(Boolean).join('\n\n');
}

/** A case study told in brief: its client, problem and outcome. */
export function summariseCaseStudy(passage: Passage): string {
  const { client, problem, outcome } = passage.fields;
  const lines = [
    `**${passage.title}**`,
    client ? `- **Client:** ${firstSentence(client)}` : '',
    problem ? `- **Problem:** ${firstSentence(problem)}` : '',
    outcome ? `- **Outcome:** ${outcome}` : '',
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * A long answer about projects, in a line a project: "**Claims triage assistant…**: triage time fell
 * from about two days to under four hours." The projects are those whose titles the answer says.
 */
export function projectsInBrief(text: string, studies: Passage[]): string | undefined {
  const lower = text.toLowerCase();
  const named = studies.filter((study) => lower.includes(study.title.toLowerCase()));
  if (named.length === 0) return undefined;
  const lines = named.map((study) => `**${study.title}**: ${firstClause(study.fields.outcome ?? '')}.`);
  return lines.length === 1 ? lines[0] : lines.map((line) => `- ${line}`).join('\n');
}

export function projectOverview(profile: ProfileFile, studies: Passage[], lead?: string): string {
  const items = studies.map(
    (passage) => `- **${passage.title}**: ${firstClause(passage.fields.outcome ?? '')}.`,
  );
  return [
    lead ?? `In ${profile.experience} I've delivered ${profile.projects}. A few of them:`,
    items.join('\n'),
    'Ask me about any of them for the details.',
  ].join('\n\n');
}

/** Up to the first ", " or " and " after a few words: "triage time fell from two days to four hours". */
function firstClause(text: string): string {
  const trimmed = text.replace(/\.$/, '');
  const cut =
    /^(.{25,}?)(?:, | and (?=(?:an?|the) |[a-z]+ (?:fell|rose|went|became|dropped|improved))| - | while )/.exec(
      trimmed,
    );
  return cut ? cut[1]! : trimmed;
}

function firstSentence(text: string): string {
  return /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

function takeWords(sentences: string[], budget: number): string[] {
  const kept: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const count = countWords(sentence);
    if (kept.length > 0 && words + count > budget) break;
    if (kept.length === 0 && count > budget && budget < 30) break;
    kept.push(sentence);
    words += count;
  }
  return kept;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}
