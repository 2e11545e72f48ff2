import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boundHistory,
  buildPromptMessages,
  MAX_HISTORY_TURNS,
} from '../../../server/services/clone/build-prompt';
import type { ChatTurn } from '../../../server/services/clone/chat-model';
import {
  buildKnowledgeIndex,
  splitSections,
  type KnowledgeIndex,
} from '../../../server/services/clone/knowledge-index';
import { loadContent, type OwnerContent } from '../../../server/services/content/load-content';

let content: OwnerContent;
let index: KnowledgeIndex;
beforeAll(async () => {
  content = await loadContent(path.resolve(import.meta.dirname, '../../../content'));
  index = buildKnowledgeIndex(content);
});

const conversation = (turns: number, length = 10): ChatTurn[] =>
  Array.from({ length: turns }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `${i}:`.padEnd(length, 'x'),
  }));

describe('boundHistory', () => {
  it('keeps everything when short', () => {
    const history = conversation(5);
    expect(boundHistory(history)).toEqual(history);
  });

  it('keeps the newest turns up to the turn limit, starting with a visitor turn', () => {
    const history = conversation(45);
    const kept = boundHistory(history);
    expect(kept.length).toBeLessThanOrEqual(MAX_HISTORY_TURNS);
    expect(kept.at(-1)).toEqual(history.at(-1));
    expect(kept[0]!.role).toBe('user');
    expect(kept).toEqual(history.slice(history.length - kept.length));
  });

  it('keeps within the character budget but always the latest turn', () => {
    const history = conversation(10, 1000);
    const kept = boundHistory(history, { maxTurns: 20, maxChars: 3500 });
    expect(kept.reduce((sum, turn) => sum + turn.content.length, 0)).toBeLessThanOrEqual(3500);
    expect(kept.at(-1)).toEqual(history.at(-1));
    const huge: ChatTurn[] = [{ role: 'user', content: 'y'.repeat(5000) }];
    expect(boundHistory(huge, { maxTurns: 20, maxChars: 100 })).toEqual(huge);
  });
});

describe('buildPromptMessages', () => {
  it('puts persona, facts and relevant knowledge in one system message, then the history', () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello! How can I help?' },
      { role: 'user', content: 'Tell me about the hospital project' },
    ];
    const [system, ...rest] = buildPromptMessages(history, content.profile, index);
    expect(system!.role).toBe('system');
    expect(system!.content.startsWith(content.profile.persona)).toBe(true);
    expect(system!.content).toContain('Availability: ');
    expect(system!.content).toContain('Response time of this chat: ~2 seconds');
    expect(system!.content).toContain('Clinical documentation summaries for a hospital network');
    expect(system!.content).not.toContain('Tell me about the hospital project');
    expect(rest).toEqual(history);
  });

  it('uses the previous question for the knowledge of a follow-up', () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'What are your rates?' },
      { role: 'assistant', content: 'My rates...' },
      { role: 'user', content: 'And?' },
    ];
    const [system] = buildPromptMessages(history, content.profile, index);
    expect(system!.content).toContain('$200 per hour');
  });
});

describe('knowledge index', () => {
  it('splits Markdown at its second-level headings and reads bullet fields', () => {
    const passages = splitSections(
      'projects.md',
      '# Projects\n\nIntro text.\n\n## First\n- **Client:** a bank.\n- **Outcome:** faster.\n\n## Second\nPlain text.\n',
    );
    expect(passages.map((p) => [p.title, p.text])).toEqual([
      ['Projects', 'Intro text.'],
      ['First', '- **Client:** a bank.\n- **Outcome:** faster.'],
      ['Second', 'Plain text.'],
    ]);
    expect(passages[1]!.fields).toEqual({ client: 'a bank.', outcome: 'faster.' });
  });

  it('finds passages by the visitor words, related words and typos', () => {
    const top = (question: string) => index.search(question)[0]?.passage.title;
    expect(top('How much do you charge?')).toBe('Rates');
    expect(top('Tell me about your kubernetes certificaton')).toBe('Education and certifications');
    expect(top('hospital')).toBe('Clinical documentation summaries for a hospital network');
    expect(index.search('what is the capital of france')).toEqual([]);
  });

  it('scores case studies on their own fields, without the words every project shares', () => {
    const healthcare = index.searchCaseStudies('Have you done any healthcare projects?');
    expect(healthcare.terms).toEqual(['healthcare']);
    expect(healthcare.matches[0]).toMatchObject({
      passage: { title: 'Clinical documentation summaries for a hospital network' },
      matchedTerms: ['healthcare'],
      isNamed: true,
    });
    // Most case studies mention models and tools, so those words tell none of them apart.
    expect(index.searchCaseStudies('Which AI models and tools do you work with?').terms).toEqual(['ai']);
    expect(index.searchCaseStudies('What projects have you built?')).toEqual({ terms: [], matches: [] });
  });
});
