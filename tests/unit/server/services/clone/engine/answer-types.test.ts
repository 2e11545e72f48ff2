import { describe, expect, it } from 'vitest';
import {
  askedTypes,
  countedUnitOf,
  countsOf,
  leavesUnnamed,
  typesOf,
} from '../../../../../../server/services/clone/engine/answer-types';
import type { Sentence } from '../../../../../../server/services/clone/engine/knowledge';
import { termsOf } from '../../../../../../server/services/clone/engine/terms';
import type { Question } from '../../../../../../server/services/clone/engine/understand';
import { ENGLISH, fold, getLanguage } from '../../../../../../server/services/clone/engine/language-data';

describe('a length of time as a kind of fact', () => {
  it('is stated by a number or a range right before a unit of time, not by a rate per unit', () => {
    expect(typesOf('A single call lasts at most 15 minutes.').has('duration')).toBe(true);
    expect(typesOf('a two-to-three-week review of your use cases').has('duration')).toBe(true);
    expect(typesOf('start within a few weeks').has('duration')).toBe(true);
    expect(typesOf('**Monthly:** $29 per month, 100 voice minutes a month.').has('duration')).toBe(false);
  });

  it('is asked by "how long" and its kin, and not by "how much"', () => {
    const asks = (text: string) => askedTypes(fold(text), ENGLISH, new Set());
    expect(asks('How long does the assessment take?').has('duration')).toBe(true);
    expect(asks('how soon could you start?').has('duration')).toBe(true);
    expect(asks('How much does the assessment cost?').has('duration')).toBe(false);
  });
});

describe('a year as a kind of fact', () => {
  it('is stated by a year written out, not by a date without one', () => {
    expect(typesOf('I went independent in 2018.').has('year')).toBe(true);
    expect(typesOf('- **2014-2016:** BI developer').has('year')).toBe(true);
    expect(typesOf('M.S. in Software Engineering (part-time, while working).').has('year')).toBe(false);
  });

  it('is asked by "what year" in every language, and not by "when" alone', () => {
    const asks = (text: string, code: string) => askedTypes(fold(text), getLanguage(code), new Set());
    expect(asks('What year did you graduate?', 'en').has('year')).toBe(true);
    expect(asks('Em que ano terminou o mestrado?', 'pt').has('year')).toBe(true);
    expect(asks('In welchem Jahr haben Sie angefangen?', 'de').has('year')).toBe(true);
    expect(asks('When could you start?', 'en').has('year')).toBe(false);
  });
});

describe('a name as a kind of fact', () => {
  it('is asked by "name" and "names", so the word is no topic of its own', () => {
    const asks = (text: string) => askedTypes(fold(text), ENGLISH, new Set());
    expect(asks("What's the name of your company?").has('name')).toBe(true);
    expect(asks("What are your kids' names?").has('name')).toBe(true);
    expect(asks('Where are you based?').has('name')).toBe(false);
  });
});

describe('a price of nothing as an amount', () => {
  it('is stated by "free" and "no charge", so "does it cost anything?" is answered by what is free', () => {
    expect(typesOf('Booking a phone call with me is free.').has('money')).toBe(true);
    expect(typesOf('The first workshop is at no cost.').has('money')).toBe(true);
    expect(typesOf('I work remotely from Lisbon.').has('money')).toBe(false);
    const concepts = (text: string) => askedTypes(fold(text), ENGLISH, new Set(['price']));
    expect(concepts('Does booking a call cost anything?').has('money')).toBe(true);
  });
});

describe('a name the notes never give', () => {
  const sentence = (text: string) => ({ text, terms: new Set(termsOf(text)) }) as unknown as Sentence;
  const askName = (...own: string[]) =>
    ({ asks: new Set(['name']), slots: own.map((stem) => ({ own: [stem] })) }) as unknown as Question;

  it('is left unnamed when the thing is only ever said with "a" ("a monthly meetup")', () => {
    const notes = [sentence('I also co-organise a monthly data engineering meetup in Lisbon.')];
    expect(leavesUnnamed(notes, askName('meetup', 'organis'))).toBe(true);
  });

  it('is given when the notes say the thing by name, or the name is not asked', () => {
    const notes = [sentence('I went freelance through my own company, Carvalho Data.')];
    expect(leavesUnnamed(notes, askName('compani'))).toBe(false);
    const which = { ...askName('meetup'), asks: new Set() } as unknown as Question;
    expect(leavesUnnamed([sentence('I run a monthly meetup.')], which)).toBe(false);
  });
});

describe('what a "how many…" question counts', () => {
  it('is what a sentence says right after a number, and "unlimited" counts too', () => {
    expect([...countsOf('I have 20 years of experience building software.')]).toContain('year');
    expect([...countsOf('**Enterprise:** $99 per month, unlimited voice minutes.')]).toContain('minut');
    expect(countsOf('**2006-2010: software engineer.** I started as a Java developer.').has('softwar')).toBe(
      false,
    );
  });

  it('is the word after the quantity phrase, in any language, when the content counts it', () => {
    const counted = new Set(['year', 'minut']);
    const unit = (text: string, code: string) => countedUnitOf(fold(text), getLanguage(code), counted);
    expect(unit('How many years of experience do you have?', 'en')).toBe('year');
    expect(unit('Quanti anni di esperienza hai?', 'it')).toBe('year');
    expect(unit("Depuis combien d'années faites-vous du logiciel ?", 'fr')).toBe('year');
    expect(unit('Wie viele Minuten hat der Enterprise-Plan?', 'de')).toBe('minut');
    // Nothing the content counts, or no counted word at all: no unit.
    expect(unit('How many clients do you have?', 'en')).toBeUndefined();
    expect(unit('How long does a pilot take?', 'en')).toBeUndefined();
  });

  it('takes people and participants for one thing counted', () => {
    const people = [...countsOf('**Workshops:** $3,500 per day for up to 15 participants.')];
    expect(people).toEqual([...countsOf('**Workshops:** €1,900 per day for up to 12 people.')]);
    const unit = countedUnitOf(
      fold('How many people can attend a workshop?'),
      getLanguage('en'),
      new Set(people),
    );
    expect([unit]).toEqual([...countsOf('up to 12 people')]);
  });
});

describe('an amount of money as a kind of fact', () => {
  const asks = (text: string, slotWords: string[] = []) =>
    askedTypes(fold(text), ENGLISH, new Set(['price']), new Set(slotWords));

  it('is asked by a question of price', () => {
    expect(asks('How much does the assessment cost?', ['cost']).has('money')).toBe(true);
    expect(asks('What did the project end up costing?', ['end up', 'costing']).has('money')).toBe(true);
  });

  it('is not asked when the money word is what changed: any measure of the change answers', () => {
    const asked = asks('How much did serving costs drop?', ['serving', 'costs', 'drop']);
    expect(asked.has('money')).toBe(false);
    expect(asked.has('number')).toBe(true);
    expect(asks('How much did cost and latency improve?', ['cost', 'latency', 'improve']).has('money')).toBe(
      false,
    );
  });

  it('is not asked when the money word is what grew: a situation described, not an amount asked', () => {
    const described = ['serving', 'costs', 'growing', 'faster', 'revenue'];
    expect(asks('Ever dealt with serving costs growing faster than revenue?', described).has('money')).toBe(
      false,
    );
    expect(asks('How much did your fees rise this year?', ['fees', 'rise', 'year']).has('money')).toBe(false);
  });
});
