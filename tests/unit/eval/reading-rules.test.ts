import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReading, formatReadingMisses } from '../../../eval/format-report';
import type { EvalCase } from '../../../eval/load-cases';
import { isAnswerable, judgeReading, leadingText, summariseReading } from '../../../eval/reading-rules';

// The reading rules on hand-written replies: each rule held and broken, in English and in others.

const LANGUAGES_DIR = path.join(import.meta.dirname, '../../../server/services/clone/engine/languages');
function frames(code: string): { opening: string; askCall: string } {
  return (
    JSON.parse(fs.readFileSync(path.join(LANGUAGES_DIR, `${code}.json`), 'utf8')) as {
      frames: { opening: string; askCall: string };
    }
  ).frames;
}

function aCase(overrides: Partial<Omit<EvalCase, 'expect'>> & { expect?: Partial<EvalCase['expect']> } = {}) {
  const { expect: expectations, ...rest } = overrides;
  return {
    id: 'a-case',
    kind: 'fact',
    channel: 'chat',
    turns: ['Where are you based?'],
    ...rest,
    expect: { facts: ['Lisbon'], forbid: [], ...expectations },
  } as EvalCase;
}

const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

describe('isAnswerable', () => {
  it('judges cases with facts that expect an answer, not refusals or cases without facts', () => {
    expect(isAnswerable(aCase())).toBe(true);
    expect(isAnswerable(aCase({ expect: { refusal: false } }))).toBe(true);
    expect(isAnswerable(aCase({ expect: { refusal: true } }))).toBe(false);
    expect(isAnswerable(aCase({ expect: { facts: [] } }))).toBe(false);
  });
});

describe('fact first', () => {
  it('holds when every fact is in the first two sentences', () => {
    const verdict = judgeReading(
      aCase(),
      'Sure. I am based in Lisbon and work remotely. I travel sometimes.',
    );
    expect(verdict.rules.factFirst.passed).toBe(true);
    expect(verdict.passed).toBe(true);
  });

  it('is broken when a fact comes after the first two sentences, or is missing', () => {
    const late = judgeReading(aCase(), 'I love data. I work with many teams. I am based in Lisbon.');
    expect(late.rules.factFirst).toMatchObject({ passed: false });
    expect(late.rules.factFirst.reason).toContain('after the first two sentences: /Lisbon/');
    expect(late.failed).toEqual(['factFirst']);
    const missing = judgeReading(aCase(), 'I work remotely.');
    expect(missing.rules.factFirst.reason).toContain('not in the reply: /Lisbon/');
  });

  it('does not count the "here is what my notes say" line of another language as a sentence', () => {
    const reply = `${frames('es').opening}\n\nTrabajo en remoto. Vivo en Lisboa, Lisbon.`;
    expect(judgeReading(aCase({ kind: 'spanish' }), reply).rules.factFirst.passed).toBe(true);
  });

  it('does not count a case study title line, and reads a list by its first three lines', () => {
    const reply = [
      '**Claims triage assistant for an insurer**',
      '- **Solution:** a triage assistant. It reads each claim.',
      '- **Outcome:** triage fell to four hours.',
    ].join('\n');
    const evalCase = aCase({ expect: { facts: ['four hours', 'triage assistant'] } });
    expect(judgeReading(evalCase, reply).rules.factFirst.passed).toBe(true);
    expect(leadingText(reply)).toContain('Claims triage assistant');

    const list = '- BSc in Informatics.\n- MSc in Data Science.\n- Cloud Data Engineer.\n- SnowPro Advanced.';
    const certifications = aCase({ expect: { facts: ['SnowPro'] } });
    expect(judgeReading(certifications, list).rules.factFirst.passed).toBe(false);
  });

  it('reads a list spoken on one line (" - " between items) as a list', () => {
    const spoken = 'Monthly: 29 dollars a month. - Professional: 59 dollars. - Enterprise: 99 dollars.';
    const plans = aCase({ channel: 'voice', kind: 'voice', expect: { facts: ['29', '59', '99'] } });
    expect(judgeReading(plans, spoken).rules.factFirst.passed).toBe(true);
  });
});

describe('short', () => {
  it('allows 70 words for one fact and 110 for more, or the case maxWords when smaller', () => {
    expect(judgeReading(aCase(), `Lisbon ${words(69)}`).rules.short.passed).toBe(true);
    expect(judgeReading(aCase(), `Lisbon ${words(70)}`).rules.short).toMatchObject({
      passed: false,
      reason: '71 words, more than 70',
    });
    const twoFacts = aCase({ expect: { facts: ['Lisbon', 'Porto'] } });
    expect(judgeReading(twoFacts, `Lisbon Porto ${words(108)}`).rules.short.passed).toBe(true);
    expect(judgeReading(twoFacts, `Lisbon Porto ${words(109)}`).rules.short.passed).toBe(false);
    const narrow = aCase({ expect: { maxWords: 10 } });
    expect(judgeReading(narrow, `Lisbon ${words(10)}`).rules.short.passed).toBe(false);
  });
});

describe('no call invitation unless asked', () => {
  it('is broken by the call invitation of any language', () => {
    const english = judgeReading(aCase(), `I am based in Lisbon.\n\n${frames('en').askCall}`);
    expect(english.rules.noCallInvite.passed).toBe(false);
    const german = judgeReading(
      aCase({ kind: 'german', turns: ['Wo wohnen Sie?'] }),
      `Ich wohne in Lissabon (Lisbon). ${frames('de').askCall}`,
    );
    expect(german.rules.noCallInvite).toMatchObject({ judged: true, passed: false });
  });

  it('is not judged when the visitor asks to hire or the form is expected to open', () => {
    const reply = `I am based in Lisbon. ${frames('en').askCall}`;
    expect(judgeReading(aCase({ kind: 'hiring' }), reply).rules.noCallInvite).toMatchObject({
      judged: false,
      passed: true,
    });
    expect(judgeReading(aCase({ expect: { form: true } }), reply).rules.noCallInvite.judged).toBe(false);
    expect(judgeReading(aCase(), 'I am based in Lisbon.').rules.noCallInvite).toMatchObject({
      judged: true,
      passed: true,
    });
  });

  it('is not judged when the visitor speaks of a call, in any language', () => {
    const reply = `Slots run 9:00-12:00. ${frames('en').askCall}`;
    for (const turn of [
      'Can I book a call on Friday?',
      'Kann ich einen Termin am Freitag buchen?',
      '¿Puedo reservar una llamada?',
    ])
      expect(judgeReading(aCase({ turns: [turn] }), reply).rules.noCallInvite.judged).toBe(false);
  });
});

describe("the visitor's language", () => {
  it('holds when the opening sentence is in the language of the kind or of expect.language', () => {
    const spanish = aCase({ kind: 'spanish', turns: ['¿Dónde vives?'] });
    expect(judgeReading(spanish, 'Vivo en Lisboa y trabajo en remoto. Lisbon.').rules.language.passed).toBe(
      true,
    );
    const portuguese = aCase({ turns: ['Onde mora?'], expect: { language: 'pt' } });
    expect(judgeReading(portuguese, 'Eu moro em Lisboa e trabalho com dados.').rules.language.passed).toBe(
      true,
    );
  });

  it('is broken when the reply opens in another language, and not judged when none is expected', () => {
    const french = aCase({ kind: 'french', turns: ['Où habitez-vous ?'] });
    const verdict = judgeReading(french, 'I am based in Lisbon and I work remotely.');
    expect(verdict.rules.language).toMatchObject({ judged: true, passed: false });
    expect(verdict.rules.language.reason).toContain('opens in en, not fr');
    expect(judgeReading(aCase(), 'Je suis à Lisbonne.').rules.language.judged).toBe(false);
  });
});

describe('no pasted case study unless a project is asked about', () => {
  const card = [
    '**Guest data platform for a hotel group**',
    '- **Client:** a hotel group in Lisbon.',
    '- **Problem:** guest data lived in five systems.',
    '- **Solution:** a central platform.',
  ].join('\n');

  it('is broken by more than two field lines of a case study, held by two', () => {
    const verdict = judgeReading(aCase({ turns: ['Which cities do you work in?'] }), card);
    expect(verdict.rules.noCaseStudy).toMatchObject({ judged: true, passed: false });
    const twoLines = card.split('\n').slice(0, 3).join('\n');
    expect(judgeReading(aCase(), twoLines).rules.noCaseStudy.passed).toBe(true);
  });

  it('counts field lines read aloud, without bold marks', () => {
    const spoken =
      'Hotel platform Client: a hotel group. Problem: five systems. Solution: one platform in Lisbon.';
    expect(judgeReading(aCase({ channel: 'voice', kind: 'voice' }), spoken).rules.noCaseStudy.passed).toBe(
      false,
    );
  });

  it('is not judged when a turn names a project, in English or another language', () => {
    for (const turn of [
      'Tell me about a project you did in Lisbon',
      'What have you built for hotels?',
      '¿Qué proyectos has hecho en Lisboa?',
      'Erzählen Sie von einem Projekt in Lissabon.',
      'Parlez-moi de vos études de cas.',
    ]) {
      expect(judgeReading(aCase({ turns: [turn] }), card).rules.noCaseStudy.judged, turn).toBe(false);
    }
  });
});

describe('summariseReading', () => {
  it('counts each rule over the cases it judges, and the cases passing every judged rule', () => {
    const verdicts = [
      judgeReading(aCase(), 'I am based in Lisbon.'),
      judgeReading(aCase({ kind: 'spanish' }), 'I am based in Lisbon.'),
      judgeReading(aCase(), `I am based in Lisbon. ${frames('en').askCall}`),
    ];
    const summary = summariseReading(verdicts);
    expect(summary.all).toEqual({ passed: 1, total: 3 });
    expect(summary.rules.language).toEqual({ passed: 0, total: 1 });
    expect(summary.rules.noCallInvite).toEqual({ passed: 2, total: 3 });
    expect(summary.rules.factFirst).toEqual({ passed: 3, total: 3 });
  });
});

describe('the report', () => {
  const evalCase = aCase({ id: 'late-city' });
  const reading = judgeReading(evalCase, 'I love data. I work with teams. I am based in Lisbon.');
  const summary = summariseReading([reading]);

  it('prints the reading block and the misses without lines that read like pass rates or FAIL lines', () => {
    const block = formatReading({ ...summary, byKind: [{ kind: 'fact', ...summary }] });
    expect(block.split('\n')[0]).toBe('Reading (answerable replies): 0/1 (0.0%) pass every rule');
    expect(block).toMatch(/^ {4}fact first +0\/1 \(0\.0%\)$/m);
    const misses = formatReadingMisses([{ evalCase, reply: '', failures: [], reading }]);
    expect(misses).toContain('  late-city [fact, chat] fact first: after the first two sentences: /Lisbon/');
    for (const line of [...block.split('\n'), ...misses.split('\n')]) {
      expect(line).not.toMatch(/^FAIL |^ {2}overall|^ {2}\S+ +\d+\/\d+ \(/);
    }
  });
});
