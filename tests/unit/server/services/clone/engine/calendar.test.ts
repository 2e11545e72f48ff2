import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeReply } from '../../../../../../server/services/clone/engine/compose';
import type { OwnerCalendar } from '../../../../../../server/services/clone/engine/calendar';
import { buildKnowledge, type Knowledge } from '../../../../../../server/services/clone/engine/knowledge';
import { withSiteKnowledge } from '../../../../../../server/services/clone/site-knowledge';
import { loadContent, type OwnerContent } from '../../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../../helpers/fixture-owners';

// A question about the owner's time that names a day is answered from the owner's calendar, for
// any owner: each owner's own days off, zone and booking window decide the reply.
const OWNERS = [
  { slug: 'alex-morgan', timeZone: 'America/New_York' },
  { slug: 'ines-carvalho', timeZone: 'Europe/Lisbon' },
];
// Thursday, December 10, 2026, mid-afternoon in both zones.
const NOW = new Date('2026-12-10T15:00:00Z');

describe.each(OWNERS)('the engine reads days from the calendar of $slug', ({ slug, timeZone }) => {
  let content: OwnerContent;
  let knowledge: Knowledge;
  let calendar: OwnerCalendar;
  const ask = (message: string) =>
    composeReply([{ role: 'user', content: message }], knowledge, 'chat', calendar);
  beforeAll(async () => {
    content = await loadContent(fixtureOwnerDir(slug));
    knowledge = buildKnowledge(withSiteKnowledge(content));
    calendar = {
      ownerTimeZone: timeZone,
      limits: { minNoticeHours: 2, daysOff: content.daysOff },
      now: () => NOW,
    };
  });

  it('a day in the time off around Christmas is one no call can be booked, with the note the owner wrote', () => {
    const christmas = content.daysOff.find((range) => range.from <= '2026-12-25' && '2026-12-25' <= range.to);
    expect(christmas?.note).toBeDefined();
    const reply = ask('Are you free on December 28?');
    expect(reply.text).toContain('Monday, December 28');
    expect(reply.text).toContain(christmas!.note!);
    expect(reply.text).toMatch(/no call can be booked/);
    expect(reply.isAnswered).toBe(true);
  });

  it("a day off the notes name only for a year gone by (New Year's Day) is asked of its next date", () => {
    for (const question of [
      "Are you working on New Year's Day?",
      'Are you working between Christmas and New Year?',
    ]) {
      const reply = ask(question);
      expect(reply.text, question).not.toMatch(/already passed/);
      expect(reply.text, question).toMatch(/January 1, 2027|January 4, 2027/);
    }
  });

  it('a weekend day is one without calls, a working day in the window can be booked', () => {
    expect(ask('Can we talk on Saturday?').text).toMatch(/^Saturday, December 12 is a weekend day/);
    expect(ask('Are you available next Tuesday?').text).toMatch(
      /^I work on Tuesday, December 15, and a call can be booked/,
    );
  });

  it('a price asked of a day ("is your rate higher on a Saturday?") is no question of the calendar', () => {
    const reply = ask('Is your rate higher for work on a Saturday or Sunday?');
    expect(reply.text).not.toMatch(/weekend day/);
    expect(ask('Can we talk on Saturday?').text).toMatch(/weekend day/);
  });

  it('a day spelled out wins over a day off named in words; "24/7" and "weekend" support name no day', () => {
    const named = content.daysOff.find(
      (range) => range.note && range.from === range.to && range.from < '2027-12-01',
    );
    const reply = ask(`Are you working on the 8th of December 2027, or is that ${named!.note}?`).text;
    expect(reply).toMatch(/December 8, 2027/);
    expect(reply).not.toContain(named!.note!);
    for (const question of [
      'Do you offer 24/7 on-call support?',
      'What do you charge for weekend on-call support?',
    ])
      expect(ask(question).text).not.toMatch(/weekend day|July 24/);
  });

  it('a day past the booking window is not open yet', () => {
    expect(ask('Could we book a call on January 20?').text).toMatch(
      /January 20, 2027, but calls can be booked only \d+ working days ahead/,
    );
  });

  it('reads the day in the visitor language and opens the reply in it', () => {
    const french = ask('Êtes-vous disponible vendredi ?').text;
    expect(french).toMatch(/^Voici/);
    expect(french).toContain('Friday, December 11');
    expect(ask('¿Estás libre el 25 de diciembre?').text).toContain('Friday, December 25');
    expect(ask('Können wir am Montag telefonieren?').text).toContain('Monday, December 14');
  });

  it('a date that is not about the owner time is left to the notes', () => {
    const reply = ask('What did you deliver on your projects in 2024?');
    expect(reply.text).not.toMatch(/weekend day|can be booked/);
  });

  it("a day off named by its note is the next one, or this year's when the question says so", () => {
    // A note the owner repeats every year, once before now and once after ("Thanksgiving").
    const recurring = content.daysOff.find(
      (entry) =>
        !entry.note?.includes('.') &&
        entry.to < '2026-12-10' &&
        content.daysOff.some((later) => later.note === entry.note && later.from > '2026-12-10'),
    )!;
    const next = content.daysOff.find((entry) => entry.note === recurring.note && entry.from > '2026-12-10')!;
    expect(ask(`Are you working on ${recurring.note}?`).text).toContain(next.from.slice(0, 4));
    expect(ask(`Are you working on ${recurring.note}?`).text).not.toMatch(/already passed/);
    const thisYear = ask(`Are you working on ${recurring.note} this year?`).text;
    expect(thisYear).toContain(format(parseISO(recurring.from), 'MMMM d'));
    expect(thisYear).toMatch(/already passed/);
  });

  it('a place a day off is named after ("<country> Day") names no day off on its own', () => {
    const place = content.daysOff
      .map((entry) => /^(\p{Lu}\p{L}+) Day$/u.exec(entry.note ?? '')?.[1])
      .find((word) => word !== undefined)!;
    expect(place).toBeDefined();
    expect(ask(`Do you work with clients outside ${place}?`).text).not.toMatch(/days? off|can be booked/);
  });

  it('a day known by its name ("Christmas", "Navidad") is read as its date, in any language', () => {
    const christmas = content.daysOff.find(
      (range) => range.from <= '2026-12-25' && '2026-12-25' <= range.to,
    )!;
    for (const question of [
      'Do you work over Christmas?',
      '¿Trabajas en Navidad?',
      'Arbeiten Sie an Weihnachten?',
    ]) {
      const reply = ask(question);
      expect(reply.isAnswered, question).toBe(true);
      expect(reply.text, question).toContain('December 25');
      expect(reply.text, question).toContain(christmas.note!);
    }
    // Christmas Eve is its own day, not Christmas too.
    expect(ask('Could we talk on Christmas Eve?').text).toContain('Thursday, December 24');
    expect(ask('Could we talk on Christmas Eve?').text).not.toContain('December 25 ');
  });

  it('named days of one stretch of time off are that stretch; beside another topic they are no calendar question', () => {
    const stretch = content.daysOff.find((range) => range.from <= '2026-12-25' && '2026-12-25' <= range.to)!;
    const reply = ask('Are you around between Christmas and Christmas Eve?').text;
    expect(reply).toMatch(new RegExp(`^My ${stretch.note!.toLowerCase()} runs from`));
    expect(ask('Do you offer a Christmas discount?').text).not.toMatch(/can be booked/);
  });
});
