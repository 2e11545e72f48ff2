import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurn } from '../../../../../../server/services/clone/chat-model';
import { composeReply } from '../../../../../../server/services/clone/engine/compose';
import {
  buildKnowledge,
  type Knowledge,
  type Section,
} from '../../../../../../server/services/clone/engine/knowledge';
import { withSiteKnowledge } from '../../../../../../server/services/clone/site-knowledge';
import { loadContent } from '../../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../../helpers/fixture-owners';

// Follow-ups resolved from the section ids stored with the previous reply, on two owners of
// different trades. Each case pairs the stored ids with a reply text that no longer quotes the
// content (reworded or cut short), and runs it once more with the text alone: the ids must make
// the difference, so the test fails if they are ignored.
const OWNERS = ['alex-morgan', 'ines-carvalho'];

/** The conversation's turns, with `answered` on the assistant turns only when `isStored`. */
function turns(isStored: boolean, ...exchange: Array<string | { content: string; answered: string[] }>) {
  return exchange.map((turn): ChatTurn => {
    if (typeof turn === 'string') return { role: 'user', content: turn };
    return { role: 'assistant', content: turn.content, ...(isStored ? { answered: turn.answered } : {}) };
  });
}

/** The list item of `section` whose bold label starts with `label` ("**Stack:** ..."). */
function labelled(section: Section, label: string) {
  const item = section.sentences.find((s) => s.isListItem && s.text.toLowerCase().startsWith(`**${label}`));
  if (!item) throw new Error(`${section.passage.title} has no ${label} item`);
  return item;
}

describe.each(OWNERS)('follow-ups from stored sections for %s', (slug) => {
  let knowledge: Knowledge;
  let projects: Section[];
  beforeAll(async () => {
    knowledge = buildKnowledge(withSiteKnowledge(await loadContent(fixtureOwnerDir(slug))));
    projects = knowledge.sections.filter((section) => section.isCaseStudy);
    expect(projects.length).toBeGreaterThanOrEqual(3);
  });

  it('tells "the second one" of a list of projects whose reply no longer names them', () => {
    const ids = projects.map((section) => section.passage.id);
    const history = (isStored: boolean) =>
      turns(
        isStored,
        'Which projects have you done?',
        { content: 'A few come to mind.', answered: ids },
        'Tell me about the second one',
      );
    const stored = composeReply(history(true), knowledge);
    expect(stored.sectionIds).toEqual([projects[1]!.passage.id]);
    expect(stored.text).toContain(projects[1]!.passage.title);
    expect(composeReply(history(false), knowledge).text).not.toContain(projects[1]!.passage.title);
  });

  it.each(['stack', 'outcome'])('answers "%s" of the project a cut-short reply was about', (label) => {
    const second = projects[1]!;
    const question = label === 'stack' ? 'what stack did it run on?' : 'and the outcome?';
    const history = (isStored: boolean) =>
      turns(
        isStored,
        'Which projects have you done?',
        { content: 'A few come to mind.', answered: projects.map((section) => section.passage.id) },
        'Tell me about the second one',
        { content: 'It was', answered: [second.passage.id] },
        question,
      );
    const item = labelled(second, label);
    const stored = composeReply(history(true), knowledge);
    expect(stored.sectionIds).toEqual([second.passage.id]);
    expect(stored.text).toContain(item.text);
    expect(composeReply(history(false), knowledge).text).not.toContain(item.text);
  });

  it('tells "the first one" and "the second one" of a list reworded item by item', () => {
    // A timeline, a list of services: the first section of the content made of three items or more.
    const section = knowledge.sections.find(
      (s) => !s.isCaseStudy && s.sentences.filter((sentence) => sentence.isListItem).length >= 3,
    )!;
    const items = section.sentences.filter((sentence) => sentence.isListItem);
    const reworded = items.map((_, index) => `- point ${index + 1}`).join('\n');
    for (const [position, ordinal] of ['first', 'second'].entries()) {
      const history = (isStored: boolean) =>
        turns(
          isStored,
          `What is in ${section.passage.title}?`,
          { content: reworded, answered: [section.passage.id] },
          `tell me more about the ${ordinal} one`,
        );
      expect(composeReply(history(true), knowledge).text).toBe(items[position]!.text);
      expect(composeReply(history(false), knowledge).text).not.toBe(items[position]!.text);
    }
  });

  it('goes on from a list that named its items only: the first one, then its price asked of it by name', () => {
    const history = (isStored: boolean) => {
      const asked: ChatTurn[] = [{ role: 'user', content: 'What services do you offer?' }];
      const list = composeReply(asked, knowledge);
      return [...asked, ...turns(isStored, { content: list.text, answered: list.sectionIds })];
    };
    const section = knowledge.sectionById.get(
      composeReply(history(true).slice(0, 1), knowledge).sectionIds[0]!,
    )!;
    const first = section.sentences.find((sentence) => sentence.isListItem)!;
    // Names only: the reply quotes no whole sentence the text alone could be matched by.
    expect(history(true)[1]!.content).not.toContain(first.text);
    const more = (isStored: boolean) =>
      composeReply(
        [...history(isStored), { role: 'user', content: 'tell me more about the first one' }],
        knowledge,
      );
    expect(more(true).text).toBe(first.text);
    expect(more(false).text).not.toBe(first.text);

    const price = composeReply(
      [...history(true), { role: 'user', content: 'how much is the first one?' }],
      knowledge,
    );
    expect(price.isAnswered).toBe(true);
    expect(price.text).toMatch(/[$€£]\s?\d/);
    expect(price.text).not.toContain(first.text);
  });

  it('reads the reply itself when stored ids are unknown, or resolve to sections its words do not quote', () => {
    const list = composeReply([{ role: 'user', content: 'Which projects have you done?' }], knowledge);
    expect(list.sectionIds.length).toBeGreaterThanOrEqual(2);
    const history = (answered: string[]) => [
      { role: 'user' as const, content: 'Which projects have you done?' },
      { role: 'assistant' as const, content: list.text, answered },
      { role: 'user' as const, content: 'Tell me about the second one' },
    ];
    // A section removed from the content since: the reply's own words still name the projects.
    const changed = composeReply(history(['projects.md#99', ...list.sectionIds]), knowledge);
    expect(changed.text).toContain(projects[1]!.passage.title);
    // Ids that resolve to other sections than those the reply's words quote: the words win.
    const elsewhere = knowledge.sections.filter((section) => !section.isCaseStudy).map((s) => s.passage.id);
    expect(composeReply(history(elsewhere.slice(0, 2)), knowledge).text).toContain(
      projects[1]!.passage.title,
    );
    // A reply that quoted the calendar, or nothing the content holds, is read as before too.
    expect(composeReply(history(['calendar']), knowledge).text).toContain(projects[1]!.passage.title);
    expect(composeReply(history([]), knowledge).text).toContain(projects[1]!.passage.title);
  });

  it('gives the same follow-up from stored ids as from the full reply they came with', () => {
    const questions = ['Which projects have you done?', 'Tell me about the second one', 'and the outcome?'];
    const run = (isStored: boolean) => {
      const history: ChatTurn[] = [];
      let text = '';
      for (const question of questions) {
        history.push({ role: 'user', content: question });
        const reply = composeReply(history, knowledge);
        history.push({
          role: 'assistant',
          content: reply.text,
          ...(isStored ? { answered: reply.sectionIds } : {}),
        });
        text = reply.text;
      }
      return text;
    };
    expect(run(true)).toBe(run(false));
    expect(run(true)).toContain(labelled(projects[1]!, 'outcome').text);
  });
});
