import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashBrowserKey } from '../../server/services/access/browser-key';
import { listCandidateQuestions, suggestQuestions } from '../../server/services/chat/suggest-questions';
import { loadContent } from '../../server/services/content/load-content';
import { insertConversation } from '../../server/storage/conversations';
import { messages } from '../../shared/schema';
import { fixtureOwnerDir } from '../helpers/fixture-owners';
import { useTestApp } from '../helpers/test-app';

// Suggested next questions under the clone's latest reply: the owner's own questions from
// content/, the ones the reply leads to first, never one already asked; only for the chat's browser.

describe('suggested next questions', () => {
  const ctx = useTestApp();
  const KEY = 's'.repeat(43);
  const cookie = `browser_key=${KEY}`;

  async function conversationWith(exchange: [string, string][]) {
    const conversation = await insertConversation(ctx.database.db, hashBrowserKey(KEY));
    for (const [question, reply] of exchange)
      await ctx.database.db.insert(messages).values([
        { conversationId: conversation.id, role: 'user', content: question },
        { conversationId: conversation.id, role: 'assistant', content: reply },
      ]);
    return conversation.id;
  }
  const suggestionsOf = (id: string, headers: Record<string, string> = { Cookie: cookie }) =>
    request(ctx.app).get(`/api/conversations/${id}/suggestions`).set(headers);

  it('offers three of the owner’s questions that follow from the reply, none already asked', async () => {
    const id = await conversationWith([
      [
        'What kind of AI solutions have you built for enterprises?',
        'Claims triage for an insurer, clinical summaries for hospitals. In each, I keep the data private and secure.',
      ],
    ]);
    const res = await suggestionsOf(id).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { questions } = res.body as { questions: string[] };
    expect(questions).toHaveLength(3);
    const candidates = listCandidateQuestions(ctx.content);
    for (const question of questions) expect(candidates).toContain(question);
    expect(questions).not.toContain('What kind of AI solutions have you built for enterprises?');
    // The reply spoke of privacy and security: the owner's question on it comes first.
    expect(questions[0]).toBe('How do you keep our data private and secure?');
  });

  it('answers nothing before a reply, and 404 to another browser or an unknown chat', async () => {
    const empty = await conversationWith([]);
    expect((await suggestionsOf(empty).expect(200)).body).toEqual({ questions: [] });
    const id = await conversationWith([['Hi', 'Hello!']]);
    await suggestionsOf(id, { Cookie: `browser_key=${'o'.repeat(43)}` }).expect(404);
    await suggestionsOf(id, {}).expect(404);
    await suggestionsOf('00000000-0000-0000-0000-000000000000').expect(404);
    await suggestionsOf('nope').expect(404);
  });

  it('takes every question from the owner’s content: another owner gets their own', async () => {
    const other = await loadContent(fixtureOwnerDir('ines-carvalho'));
    const questions = suggestQuestions(
      [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hello! How can I help?' },
      ],
      other,
    );
    expect(questions).toHaveLength(3);
    for (const question of questions) expect(listCandidateQuestions(other)).toContain(question);
    expect(questions).not.toContain(ctx.content.profile.quickQuestions[0]!.question);
  });
});
