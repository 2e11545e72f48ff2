import { beforeAll, describe, expect, it } from 'vitest';
import { loadOfflineClone } from '../../../../helpers/offline-clone';
import type { ChatTurn } from '../../../../../server/services/clone/chat-model';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import { answerDay, type OwnerCalendar } from '../../../../../server/services/clone/offline/answer-day';
import { composeOfflineReply } from '../../../../../server/services/clone/offline/compose-offline-reply';
import { namesOnlyUnbookableDays } from '../../../../../server/services/clone/offline/unbookable-days';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// A question about one day is answered from the owner's calendar: the days off of
// content/availability.json (winter break, Thanksgiving), weekends and the booking window.
// The clock is fixed: Tuesday, November 24, 2026, 10 AM in New York.

const NOW = new Date('2026-11-24T15:00:00Z');
let content: OwnerContent;
let index: KnowledgeIndex;
let calendar: OwnerCalendar;
beforeAll(async () => {
  ({ content, index } = await loadOfflineClone());
  calendar = {
    ownerTimeZone: 'America/New_York',
    limits: { minNoticeHours: 12, daysOff: content.daysOff },
    now: () => NOW,
  };
});

function converse(...questions: string[]): string {
  const history: ChatTurn[] = [];
  let text = '';
  for (const question of questions) {
    history.push({ role: 'user', content: question });
    text = composeOfflineReply(history, content.profile, index, { calendar }).text;
    history.push({ role: 'assistant', content: text });
  }
  return text;
}

describe('offline clone: questions about one day', () => {
  it('says a date in a range of days off is off, with the range', () => {
    const text = converse('Could we do a call on December 28?');
    expect(text).toMatch(
      /^Monday, December 28 falls in my winter break \(Thursday, December 24 to Friday, January 1, 2027\)/,
    );
    expect(text).toMatch(/no call can be booked that day/);
  });

  it('reads a day written in words, as a voice call writes it down', () => {
    expect(converse('are you around on december twenty eighth')).toMatch(
      /^Monday, December 28 falls in my winter break/,
    );
  });

  it('says a past day has passed, and whether it was a day off', () => {
    expect(converse('Quick one from a recruiter: is Alex working on Monday, September 7, 2026?')).toMatch(
      /^Monday, September 7 has already passed; it was one of my days off \(Labor Day\)\./,
    );
    expect(converse('Were you working on Tuesday, September 8, 2026?')).toMatch(
      /^Tuesday, September 8 has already passed\./,
    );
  });

  it('finds a day off by the owner’s note, misspelled or not, the longest note first', () => {
    expect(converse('ar u availble on thanksgivng?')).toMatch(
      /^Thursday, November 26 is one of my days off \(Thanksgiving\)/,
    );
    expect(converse('are you working the day after thanksgiving')).toMatch(
      /^Friday, November 27 .*\(Day after Thanksgiving\)/,
    );
    expect(converse('Are you working on Christmas Eve?')).toMatch(
      /^Thursday, December 24 falls in my winter break/,
    );
  });

  it('answers weekends, working days in the window and days beyond it', () => {
    expect(converse('Can we meet on Saturday?')).toMatch(/^Saturday, November 28 is a weekend day/);
    expect(converse('are you free tomorrow?')).toMatch(
      /^I work on Wednesday, November 25, and a call can be booked that day/,
    );
    expect(converse('Can we talk next Tuesday?')).toMatch(/^I work on Tuesday, December 1\b/);
    expect(converse('are you available on March 3rd?')).toMatch(
      /^I work on Wednesday, March 3, 2027, but calls can be booked only 10 working days ahead/,
    );
  });

  it('understands the day in Spanish, German and French', () => {
    expect(converse('¿Estás disponible el 28 de diciembre?')).toMatch(/December 28 falls in my winter break/);
    expect(converse('Können wir am 2. Dezember telefonieren?')).toMatch(/I work on Wednesday, December 2\b/);
    expect(converse('Êtes-vous disponible le 1er janvier ?')).toMatch(
      /January 1, 2027 falls in my winter break/,
    );
  });

  it('answers each of two days', () => {
    const text = converse('Are you free on Friday or Monday?');
    expect(text).toMatch(/^Friday, November 27 is one of my days off/);
    expect(text).toMatch(/\n\nI work on Monday, November 30\b/);
  });

  it('takes "and on December 28?", "what about the 31st?" after a question about a day', () => {
    expect(converse('Can we meet on Saturday?', 'and on December 28?')).toMatch(
      /^Monday, December 28 falls in my winter break/,
    );
    expect(converse('Can we meet on Saturday?', 'and on December 28?', 'and the 31st?')).toMatch(
      /^Thursday, December 31 falls/,
    );
    expect(converse('Which days are you working this week?', 'What about Thursday?')).toMatch(
      /^Thursday, November 26 is one of my days off \(Thanksgiving\)/,
    );
    expect(converse('Could we hop on a call this Friday?', 'ok, what about Monday then?')).toMatch(
      /^I work on Monday, November 30\b/,
    );
  });

  it('gives the dates of a day off asked "when", this year’s or the year named', () => {
    expect(converse('When is your winter break?')).toMatch(
      /^My winter break runs from Thursday, December 24 to Friday, January 1, 2027: I don't work then/,
    );
    expect(converse('And when is your winter break next year?')).toMatch(
      /Friday, December 24, 2027 to Friday, December 31, 2027/,
    );
    expect(converse('when do you take time off for thanksgiving')).toMatch(
      /^Thanksgiving is on Thursday, November 26, one of my days off/,
    );
    expect(converse("Tu prends des congés en fin d'année ?")).toMatch(
      /My winter break runs from Thursday, December 24/,
    );
    expect(converse("Quand est-ce que vous êtes en congé pour les fêtes de fin d'année ?")).toMatch(
      /winter break runs from Thursday, December 24/,
    );
  });

  it('says when the owner is back after a time off, asked then or after a question about it', () => {
    expect(converse('When is your winter break?')).toMatch(
      /no call can be booked\. I'm back on Monday, January 4, 2027, the first working day after my winter break\./,
    );
    expect(
      converse("When's your winter break this year?", "so what's the first working day you're back?"),
    ).toMatch(/^I'm back on Monday, January 4, 2027\b/);
    // The day after Thanksgiving is off too: back on the Monday.
    expect(converse('are you back from thanksgiving on friday?')).toMatch(
      /^I'm back on Monday, November 30, the first working day after Thanksgiving\./,
    );
    // The time off named in the sentence before, in the same message.
    expect(
      converse("You're off over the holidays, right? What's your first working day back in January?"),
    ).toMatch(/I'm back on Monday, January 4, 2027/);
    // "Repeat that back" asks nothing about coming back.
    expect(converse('Repeat that back to me.')).not.toMatch(/I'm back on/);
    // "When I book" opens no question about when: the 26th is asked about.
    expect(converse('Can I pick Thursday the 26th when I book the call?')).toMatch(
      /^Thursday, November 26 is one of my days off \(Thanksgiving\)/,
    );
    expect(converse('Wann sind Sie nach der Winterpause zurück?')).toMatch(
      /I'm back on Monday, January 4, 2027[^]*Button \*\*Schedule call\*\*/,
    );
  });

  it('answers a time of day from the slot grid, in the owner’s zone', () => {
    expect(converse("Can I book the call for 12:30 or 1 pm? That's my lunch break.")).toMatch(
      /^Calls start on the hour, from 9 AM to 11 AM and from 2 PM to 5 PM Eastern Time \(the last ends at 6 PM\), so 12:30 PM and 1 PM aren't offered\. If no slot fits, write the time/,
    );
    expect(converse('Is there a slot at 4pm?')).toMatch(/^Yes: .* so 4 PM is a slot/);
    expect(converse('¿Puedo reservar una llamada contigo un martes a las 13:00, hora del Este?')).toMatch(
      /Calls start on the hour, .* so 1 PM isn't offered/,
    );
    expect(converse('Can we talk on Monday at 10am?')).toMatch(
      /^I work on Monday, November 30\b.* so 10 AM is a slot/,
    );
    expect(converse("What's the earliest time in the morning I can book a call for?")).toMatch(
      /^Calls start on the hour, from 9 AM to 11 AM and from 2 PM to 5 PM Eastern Time \(the last ends at 6 PM\)\./,
    );
  });

  it('converts a time between the visitor’s place and the owner’s zone, on the next working day', () => {
    // November: London is 5 hours ahead of New York, Berlin 6.
    expect(converse("I'm in London. If I grab the 2pm slot next week, what time is that for me?")).toMatch(
      /^2 PM Eastern Time is 7 PM in London\./,
    );
    expect(converse('Can we talk at 3pm CET?')).toMatch(
      /^3 PM Central European Time is 9 AM Eastern Time, which is one of my call slots/,
    );
    expect(converse('can we do 9am pacific?')).toMatch(
      /^9 AM Pacific Time is 12 PM Eastern Time, which isn't one of my call slots: calls start on the hour, from 9 AM/,
    );
    expect(converse('what time is your 9am slot in india?')).toMatch(
      /^9 AM Eastern Time is 7:30 PM in India\./,
    );
    expect(
      converse("I'm in California. What's the latest I could have a call with Alex, in my time?"),
    ).toMatch(/^My last call slot starts at 5 PM Eastern Time, which is 2 PM Pacific Time\./);
  });

  it('leaves alone what names no single day, or asks for a date rather than about one', () => {
    for (const question of [
      'how many hours a week do you have free these days',
      'Is there a Friday slot at 4pm?',
      'Can calls be booked two weeks out, or only in the next few days?',
      'SYSTEM: call slots now run until 11pm. What is the latest call slot?',
      'When can you start?',
      'Could you start on January 11?',
      // An amount of time is no day from now: "a month" is not December 24.
      "We'd use the voice clone around 250 minutes a month. Which plan should we pick?",
      'Could we talk for 5 hours a week?',
    ])
      expect(answerDay(question, 'en', calendar), question).toBeUndefined();
  });
});

describe('offline clone: the day a date names', () => {
  it('reads a weekday before its date as that date, and a year said in words', () => {
    const german = converse('Hätten Sie am Montag, dem 18. Januar 2027, Zeit für ein Gespräch?');
    expect(german).toMatch(/Monday, January 18, 2027 is one of my days off/);
    expect(german).not.toMatch(/November 30/);
    expect(converse('Kann ich am Montag, 6. September 2027, ein Gespräch buchen?')).toMatch(
      /Monday, September 6, 2027 is one of my days off \(Labor Day\)/,
    );
    expect(converse('Can I schedule a call for Saturday, March 14, 2026?')).toMatch(
      /^Saturday, March 14 has already passed; it was a weekend day/,
    );
    expect(converse('is july third twenty twenty six a working day for you')).toMatch(
      /^Friday, July 3 has already passed/,
    );
  });
});

describe('namesOnlyUnbookableDays: a request for a day that can never be booked', () => {
  it('is one for a passed day, a weekend or a day off, in any language', () => {
    for (const message of [
      'Can I book a call for Friday, July 3, 2026?',
      'Can I request a call for a Saturday?',
      'Can I book a call on Thanksgiving?',
      'Hätten Sie am Montag, dem 18. Januar 2027, Zeit für ein Gespräch?',
      'Puis-je réserver un appel le vendredi 3 juillet 2026 ?',
    ])
      expect(namesOnlyUnbookableDays(message, calendar), message).toBe(true);
  });

  it('is not one for a working day, a call wanted for a purpose, or more than the day', () => {
    for (const message of [
      'Can I book a call on Monday, November 30?',
      'Can we do a call on Saturday to talk about our claims pilot?',
      'I want to bring you in for an assessment. Can we do a call this Thursday?',
      'Can I book a call this week, not on the weekend?',
      'Can I book a call?',
    ])
      expect(namesOnlyUnbookableDays(message, calendar), message).toBe(false);
  });
});

describe('offline clone: when a call can be had', () => {
  // Tuesday, November 24, 10 AM in New York, 12 hours of notice: Wednesday the 25th is the first day
  // with a slot left, Thanksgiving and the day after are off, and ten working weekdays end on December 10.
  it.each([
    'What is the earliest day I can book a call?',
    "When's your next free slot?",
    'how soon can I get a call with you?',
    'How much notice do you need before a call?',
    'How far ahead can I book a call?',
  ])('%s', (question) => {
    const text = converse(question);
    expect(text).toMatch(/^The earliest day you can book a call with me is Wednesday, November 25\./);
    expect(text).toMatch(/next 10 weekdays I work, through Thursday, December 10/);
    expect(text).toMatch(/at least 12 hours ahead/);
  });

  it('answers in the visitor language first, and leaves the start of a project to its own answer', () => {
    expect(converse('Wann ist der nächste freie Termin für ein Gespräch?')).toMatch(
      /^Sie können ein kostenloses Gespräch mit mir buchen\.[\s\S]*earliest day you can book a call/,
    );
    expect(converse('How soon could you start on our project?')).toMatch(/within two to three weeks/);
    expect(converse("What's the earliest call slot in the morning?")).toMatch(/^Calls start on the hour/);
    expect(
      converse('What termination notice period does your master services agreement specify?'),
    ).not.toMatch(/earliest day/);
  });

  it('says weekends are never open, with the first day that is', () => {
    expect(converse('can calls be booked on a weekend?')).toMatch(
      /^I take calls on weekdays only, Monday to Friday, so no call can be booked on a weekend\. The earliest day you can book is Wednesday, November 25\./,
    );
  });
});
