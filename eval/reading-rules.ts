// How a reply reads (issue 23): whether an answerable reply gives the fact first, stays short,
// pastes no case study and invites no call the visitor did not ask for, and opens in the visitor's
// language. Measured and reported beside the facts; it never changes whether a case passes.
import fs from 'node:fs';
import path from 'node:path';
import { countWords } from './judge-reply';
import { detectLanguage, openingSentence, type Language } from './detect-language';
import { toRegex, type CaseKind, type EvalCase } from './load-cases';

export const READING_RULES = ['factFirst', 'short', 'noCallInvite', 'language', 'noCaseStudy'] as const;
export type ReadingRule = (typeof READING_RULES)[number];

/** How each rule is named in the report. */
export const READING_RULE_LABELS: Record<ReadingRule, string> = {
  factFirst: 'fact first',
  short: 'short',
  noCallInvite: 'no call unasked',
  language: 'language',
  noCaseStudy: 'no case study',
};

export interface RuleVerdict {
  /** False when the rule does not apply to the case (no language expected, a call asked for…). */
  judged: boolean;
  /** True when the rule holds or is not judged. */
  passed: boolean;
  reason: string;
}

export interface ReadingVerdict {
  rules: Record<ReadingRule, RuleVerdict>;
  /** Every judged rule holds. */
  passed: boolean;
  /** The judged rules that do not hold, in READING_RULES order. */
  failed: ReadingRule[];
}

/** Words allowed for a reply with one expected fact, and with more (a case's maxWords wins if smaller). */
export const MAX_WORDS_ONE_FACT = 70;
export const MAX_WORDS_MORE_FACTS = 110;

/** A case study's field lines the fixture owners' case studies have, as the clone quotes them. */
const CASE_STUDY_FIELD = /\b(?:Client|Problem|Solution|Stack|Outcome):/g;
/** More field lines than this in one reply is a pasted case study (the engine tells one in two). */
const MAX_CASE_STUDY_FIELDS = 2;

/** Words of a visitor asking about a call or booking one, in the seven languages: a call is asked. */
const CALL_WORDS =
  /(?<!\p{L})(?:call|book|appel|r[ée]serv|anruf|gespr[äa]ch|telefon|termin|llamada|reserv|chamada|marca|chiamata|prenot|gesprek|bellen|afspraak)/iu;

/** Words of a visitor naming a project, in the seven languages the clone reads (accents allowed). */
const PROJECT_WORDS = new RegExp(
  `(?<!\\p{L})(?:${[
    'proje[ck]?t', // project, projet, Projekt, projeto, projecto, projecten
    'proyect',
    'progett',
    'case stud',
    'portf[oó]li',
    'built',
    '(?:did|have) you build',
    'estudios? de caso',
    'casos? de (?:estudio|éxito)',
    'fallstudie',
    'referenzen',
    'gebaut',
    'études? de cas',
    'réalisation',
    'construit',
    'estudos? de caso',
    'constru(?:iste|ido|ído|iu)',
    'cas[oi] studio',
    'realizzat',
    'gebouwd',
  ].join('|')})\\p{L}*`,
  'iu',
);

const KIND_LANGUAGE: Partial<Record<CaseKind, Language>> = { spanish: 'es', german: 'de', french: 'fr' };

interface LanguageFrames {
  opening: string;
  fromNotes: string;
  askCall: string;
}

/** The clone's reply frames in every language it speaks (server/.../engine/languages/*.json). */
function readFrames(): LanguageFrames[] {
  const dir = path.join(import.meta.dirname, '../server/services/clone/engine/languages');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { frames: LanguageFrames }).frames,
    );
}

const FRAMES = readFrames();
/** What the clone says before quoting its notes: not the answer, so not counted as its first sentence. */
const PREAMBLES = FRAMES.flatMap(({ opening, fromNotes }) => [opening, fromNotes]).filter(Boolean);
/** The call invitation the clone appends, in each language. */
const CALL_INVITATIONS = FRAMES.map(({ askCall }) => askCall).filter(Boolean);

/** Whether the reading rules judge the case: it expects facts and no "I don't know". */
export function isAnswerable(evalCase: EvalCase): boolean {
  return evalCase.expect.facts.length > 0 && evalCase.expect.refusal !== true;
}

/** The reading rules on the reply to an answerable case (isAnswerable); each with a short reason. */
export function judgeReading(evalCase: EvalCase, reply: string): ReadingVerdict {
  const rules: Record<ReadingRule, RuleVerdict> = {
    factFirst: judgeFactFirst(evalCase, reply),
    short: judgeShort(evalCase, reply),
    noCallInvite: judgeNoCallInvite(evalCase, reply),
    language: judgeLanguage(evalCase, reply),
    noCaseStudy: judgeNoCaseStudy(evalCase, reply),
  };
  const failed = READING_RULES.filter((rule) => !rules[rule].passed);
  return { rules, passed: failed.length === 0, failed };
}

const held = (reason: string): RuleVerdict => ({ judged: true, passed: true, reason });
const broken = (reason: string): RuleVerdict => ({ judged: true, passed: false, reason });
const notJudged = (reason: string): RuleVerdict => ({ judged: false, passed: true, reason });

function judgeFactFirst(evalCase: EvalCase, reply: string): RuleVerdict {
  const lead = leadingText(reply);
  const facts = evalCase.expect.facts.map((fact) => ({ fact, regex: toRegex(fact) }));
  const missing = facts.filter(({ regex }) => !regex.test(reply));
  const late = facts.filter(({ regex }) => regex.test(reply) && !regex.test(lead));
  if (missing.length === 0 && late.length === 0) return held('every fact is in the first two sentences');
  const list = (of: typeof facts) => of.map(({ fact }) => `/${fact}/`).join(', ');
  return broken(
    [
      missing.length > 0 ? `not in the reply: ${list(missing)}` : '',
      late.length > 0 ? `after the first two sentences: ${list(late)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  );
}

/**
 * Where the facts should be: the reply's first two sentences, or, when the reply is a bulleted or
 * numbered list (spoken: items after " - "), its first three lines (the line introducing the list
 * and two items, or three items). Not counted as one of them: the preamble (the "here is what my
 * notes say" line of any language), dropped, and a leading title line (a line wholly bold, as a case
 * study's name is shown), kept in the window since it names what the reply is about. Bold marks
 * are dropped; a sentence ends at a line break or at . ! ? before a space.
 */
export function leadingText(reply: string): string {
  let text = reply.trim();
  for (const preamble of PREAMBLES) {
    if (text.startsWith(preamble)) text = text.slice(preamble.length).trim();
  }
  const title = /^\*\*[^*\n]+\*\*(?::?[ \t]*(?:\n|$)|:[ \t]+)/.exec(text)?.[0] ?? '';
  // A list read aloud runs on one line, its items after " - " (toSpokenText): one item a line.
  const lines = text
    .slice(title.length)
    .replace(/\*\*/g, '')
    .replace(/(?<=[.!?:])[ \t]+-[ \t]+/g, '\n- ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const lead = lines.some((line) => /^(?:[-*•]|\d+[.)])\s/.test(line))
    ? lines.slice(0, 3)
    : lines
        .flatMap((line) => line.match(/.+?(?:[.!?]+(?=\s|$)|$)/g) ?? [])
        .map((sentence) => sentence.trim())
        .filter(Boolean)
        .slice(0, 2);
  return [title.replace(/\*\*/g, '').trim(), ...lead].filter(Boolean).join('\n');
}

function judgeShort(evalCase: EvalCase, reply: string): RuleVerdict {
  const { facts, maxWords } = evalCase.expect;
  const allowed = Math.min(
    facts.length > 1 ? MAX_WORDS_MORE_FACTS : MAX_WORDS_ONE_FACT,
    maxWords ?? Number.POSITIVE_INFINITY,
  );
  const words = countWords(reply);
  return words <= allowed
    ? held(`${words} words, at most ${allowed}`)
    : broken(`${words} words, more than ${allowed}`);
}

function judgeNoCallInvite(evalCase: EvalCase, reply: string): RuleVerdict {
  if (evalCase.kind === 'hiring' || evalCase.expect.form === true) {
    return notJudged('the visitor asks to hire or to be contacted');
  }
  if (evalCase.turns.some((turn) => CALL_WORDS.test(turn))) return notJudged('the visitor speaks of a call');
  const invitation = CALL_INVITATIONS.find((text) => reply.includes(text));
  return invitation ? broken(`invites a call unasked: "${invitation}"`) : held('no call invitation');
}

function judgeLanguage(evalCase: EvalCase, reply: string): RuleVerdict {
  const expected = evalCase.expect.language ?? KIND_LANGUAGE[evalCase.kind];
  if (!expected) return notJudged('no language expected');
  const opening = openingSentence(reply);
  const detected = detectLanguage(opening);
  return detected === expected
    ? held(`opens in ${expected}`)
    : broken(`opens in ${detected ?? 'an undetermined language'}, not ${expected}: "${opening}"`);
}

function judgeNoCaseStudy(evalCase: EvalCase, reply: string): RuleVerdict {
  const asked = evalCase.turns.find((turn) => PROJECT_WORDS.test(turn));
  if (asked !== undefined) return notJudged(`a project is asked about: "${asked}"`);
  const fields = reply.replace(/\*\*/g, '').match(CASE_STUDY_FIELD) ?? [];
  return fields.length <= MAX_CASE_STUDY_FIELDS
    ? held(`${fields.length} case-study field lines`)
    : broken(`pastes a case study unasked: ${fields.length} field lines (${fields.join(' ')})`);
}

export interface RuleCount {
  passed: number;
  /** The cases the rule judged. */
  total: number;
}

export interface ReadingSummary {
  /** Answerable cases whose reply passes every judged rule, of all answerable cases. */
  all: RuleCount;
  rules: Record<ReadingRule, RuleCount>;
}

/** Counts, over the verdicts given (one per answerable case), the cases passing each rule and all. */
export function summariseReading(verdicts: ReadingVerdict[]): ReadingSummary {
  const count = (isPassed: (verdict: ReadingVerdict) => boolean, of = verdicts): RuleCount => ({
    passed: of.filter(isPassed).length,
    total: of.length,
  });
  const rules = Object.fromEntries(
    READING_RULES.map((rule) => [
      rule,
      count(
        (verdict) => verdict.rules[rule].passed,
        verdicts.filter((verdict) => verdict.rules[rule].judged),
      ),
    ]),
  ) as Record<ReadingRule, RuleCount>;
  return { all: count((verdict) => verdict.passed), rules };
}
