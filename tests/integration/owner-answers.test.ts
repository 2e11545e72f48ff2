import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OWNER_ANSWER_LENGTH, type OwnerAnswerView } from '../../shared/owner-answers';
import type { UnansweredQuestionGroup } from '../../shared/owner-desk';
import { conversations, unansweredQuestions } from '../../shared/schema';
import { buildKnowledgeIndex } from '../../server/services/clone/knowledge-index';
import {
  createCloneKnowledgeSource,
  OWNER_ANSWERS_KNOWLEDGE_FILE,
  withOwnerAnswers,
} from '../../server/services/clone/owner-answers-knowledge';
import { createOwner } from '../../server/services/owner/owner-accounts';
import { loadContent } from '../../server/services/content/load-content';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { chatApi } from '../helpers/conversations-sse';
import { useTestApp } from '../helpers/test-app';

const TOKEN = 'owner-token-for-tests-0123456789';
// Nothing an owner's profile, projects or services would say: the clone cannot know it until told.
const QUESTION = 'Do you have a dog?';
const ANSWER = 'Yes, a beagle called Biscuit, who sleeps through most of my calls.';
const MARKER = 'Biscuit';
const EDITED = 'Yes, a beagle called Pretzel now.';

describe('owner answers: the owner teaches the clone from the desk', () => {
  const ctx = useTestApp({ env: { OWNER_API_TOKEN: TOKEN, CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
  const asOwner = (req: request.Test) => req.set('Authorization', `Bearer ${TOKEN}`);
  const { ask } = chatApi(() => ctx.app);

  const createAnswer = (body: unknown, app = ctx.app) =>
    asOwner(request(app).post('/api/owner/answers')).send(body as object);
  const listAnswers = async () =>
    (await asOwner(request(ctx.app).get('/api/owner/answers')).expect(200)).body as OwnerAnswerView[];
  const listGroups = async () =>
    (await asOwner(request(ctx.app).get('/api/owner/unanswered-question-groups')).expect(200))
      .body as UnansweredQuestionGroup[];

  it('refuses every answer route without the owner credentials', async () => {
    const id = '5b0c8a4e-8d0f-4a63-9a53-3f1d2f4c6b11';
    await request(ctx.app).get('/api/owner/answers').expect(401);
    await request(ctx.app).get('/api/owner/answers.md').expect(401);
    await request(ctx.app)
      .post('/api/owner/answers')
      .send({ question: QUESTION, answer: ANSWER })
      .expect(401);
    await request(ctx.app)
      .put(`/api/owner/answers/${id}`)
      .send({ question: QUESTION, answer: ANSWER })
      .expect(401);
    await request(ctx.app).delete(`/api/owner/answers/${id}`).expect(401);
    expect(await listAnswers()).toEqual([]);
  });

  it('creates, edits, exports and removes an answer', async () => {
    const created = await createAnswer({ question: `  ${QUESTION}\n`, answer: `${ANSWER}\n\n` }).expect(201);
    const answer = created.body as OwnerAnswerView;
    expect(answer).toMatchObject({ question: QUESTION, answer: ANSWER });
    expect(await listAnswers()).toEqual([answer]);

    const second = (
      await createAnswer({ question: 'Do you speak Portuguese?', answer: 'A little.' }).expect(201)
    ).body as OwnerAnswerView;
    const edited = await asOwner(request(ctx.app).put(`/api/owner/answers/${answer.id}`))
      .send({ question: QUESTION, answer: EDITED })
      .expect(200);
    expect(edited.body).toMatchObject({ id: answer.id, question: QUESTION, answer: EDITED });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(answer.updatedAt));
    // The last edited first.
    expect((await listAnswers()).map((row) => row.id)).toEqual([answer.id, second.id]);

    const exported = await asOwner(request(ctx.app).get('/api/owner/answers.md')).expect(200);
    expect(exported.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename=owner-answers.md');
    // The FAQ's format, oldest answer first.
    expect(exported.text).toBe(
      "# Answers to visitors' questions\n\n" +
        `## ${QUESTION}\n\n${EDITED}\n\n` +
        '## Do you speak Portuguese?\n\nA little.\n',
    );

    await asOwner(request(ctx.app).delete(`/api/owner/answers/${answer.id}`)).expect(204);
    expect((await listAnswers()).map((row) => row.id)).toEqual([second.id]);
    const gone = await asOwner(request(ctx.app).delete(`/api/owner/answers/${answer.id}`)).expect(404);
    expect(gone.body.message).toMatch(/does not exist/);
  });

  it('answers 400 with a message for bad input, 404 for an unknown id, 409 for a second answer to one question', async () => {
    const bad = [
      {},
      { question: QUESTION },
      { question: '   ', answer: ANSWER },
      { question: QUESTION, answer: ' \n ' },
      { question: QUESTION, answer: 'x'.repeat(MAX_OWNER_ANSWER_LENGTH + 1) },
      { question: QUESTION, answer: 'Catan.\n## Another section' },
      { question: QUESTION, answer: 'nul \u0000' },
      { question: 42, answer: ANSWER },
    ];
    for (const body of bad) {
      const res = await createAnswer(body).expect(400);
      expect(typeof res.body.message, JSON.stringify(body)).toBe('string');
    }
    expect(await listAnswers()).toEqual([]);

    await asOwner(request(ctx.app).put('/api/owner/answers/5b0c8a4e-8d0f-4a63-9a53-3f1d2f4c6b11'))
      .send({ question: QUESTION, answer: ANSWER })
      .expect(404);
    await asOwner(request(ctx.app).put('/api/owner/answers/not-an-id'))
      .send({ question: QUESTION, answer: ANSWER })
      .expect(404);
    await asOwner(request(ctx.app).delete('/api/owner/answers/not-an-id')).expect(404);

    const { id } = (await createAnswer({ question: QUESTION, answer: ANSWER }).expect(201))
      .body as OwnerAnswerView;
    await asOwner(request(ctx.app).put(`/api/owner/answers/${id}`))
      .send({ question: QUESTION })
      .expect(400);
    const duplicate = await createAnswer({ question: QUESTION, answer: 'Another.' }).expect(409);
    expect(duplicate.body.message).toMatch(/already has an answer/);
  });

  it('opens with the desk session too, and refuses a cross-site write', async () => {
    await createOwner(ctx.database.db, 'alex', 'correct horse battery');
    const signIn = await request(ctx.app)
      .post('/api/owner/session')
      .send({ username: 'alex', password: 'correct horse battery' })
      .expect(200);
    const session = String(signIn.headers['set-cookie']).split(';')[0]!;
    await request(ctx.app)
      .post('/api/owner/answers')
      .set('Cookie', session)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ question: QUESTION, answer: ANSWER })
      .expect(403);
    await request(ctx.app)
      .post('/api/owner/answers')
      .set('Cookie', session)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ question: QUESTION, answer: ANSWER })
      .expect(201);
    expect(await listAnswers()).toHaveLength(1);
  });

  it('the offline clone answers with the owner answer at once, and the question leaves the Unanswered list', async () => {
    const before = await ask(QUESTION);
    expect(before).not.toContain(MARKER);
    const [group] = await listGroups();
    expect(group).toMatchObject({ question: QUESTION, count: 1 });

    const { id } = (await createAnswer({ question: group!.question, answer: ANSWER }).expect(201))
      .body as OwnerAnswerView;
    expect(await listGroups()).toEqual([]);
    // Asked in other words, the next reply already knows it, and nothing new is recorded.
    expect(await ask('have you got any dogs?')).toContain(MARKER);
    expect(await listGroups()).toEqual([]);

    await asOwner(request(ctx.app).put(`/api/owner/answers/${id}`))
      .send({ question: QUESTION, answer: EDITED })
      .expect(200);
    const edited = await ask(QUESTION);
    expect(edited).toContain('Pretzel');
    expect(edited).not.toContain(MARKER);

    await asOwner(request(ctx.app).delete(`/api/owner/answers/${id}`)).expect(204);
    expect(await ask(QUESTION)).not.toContain('Pretzel');
    // Without its answer the question is open again: back on the list with every ask.
    expect(await listGroups()).toEqual([expect.objectContaining({ question: QUESTION, count: 2 })]);
  });

  it('a question asked again after its answer (the clone still could not answer) is back on the list', async () => {
    const [conversation] = await ctx.database.db.insert(conversations).values({}).returning();
    const askedAt = (minutes: number) => ({
      conversationId: conversation!.id,
      question: 'do you have a DOG',
      createdAt: new Date(Date.now() + minutes * 60_000),
    });
    await ctx.database.db.insert(unansweredQuestions).values(askedAt(-5));
    await createAnswer({ question: QUESTION, answer: ANSWER }).expect(201);
    expect(await listGroups()).toEqual([]);
    await ctx.database.db.insert(unansweredQuestions).values(askedAt(5));
    expect(await listGroups()).toEqual([
      expect.objectContaining({ question: 'do you have a DOG', count: 1 }),
    ]);
  });

  it('another instance on the same database sees an edit within its check interval, without a query per reply', async () => {
    let clock = 0;
    const other = createCloneKnowledgeSource(() => ctx.database.db, ctx.content, {
      checkEveryMs: 2_000,
      clock: () => clock,
    });
    const knowsAnswer = async () =>
      (await other.getContent()).knowledge.some((document) => document.body.includes(MARKER));
    expect(await knowsAnswer()).toBe(false);

    await createAnswer({ question: QUESTION, answer: ANSWER }).expect(201);
    clock = 1_999;
    expect(await knowsAnswer()).toBe(false);
    clock = 2_000;
    expect(await knowsAnswer()).toBe(true);
    const content = await other.getContent();
    clock = 4_000;
    // No change since: the same content, so the clone is not rebuilt.
    expect(await other.getContent()).toBe(content);
  });

  describe('the model path', () => {
    let fake: FakeOpenAiServer;
    beforeAll(async () => {
      fake = await startFakeOpenAiServer();
    });
    afterAll(async () => {
      await fake?.close();
    });
    beforeEach(() => fake.reset());

    it("puts the owner's answer in the prompt's knowledge from the next reply on", async () => {
      const app = ctx.rebuild({
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test' },
      });
      expect(await ask(QUESTION, app)).toBe(FAKE_REPLY);
      expect(fake.requests[0]!.body.messages![0]!.content).not.toContain(MARKER);

      await createAnswer({ question: QUESTION, answer: ANSWER }, app).expect(201);
      await ask(QUESTION, app);
      const system = fake.requests[1]!.body.messages![0]!.content;
      expect(system).toContain(`#### ${QUESTION}\n${ANSWER}`);
      // Among the knowledge, before the rules.
      expect(system.indexOf(ANSWER)).toBeLessThan(system.indexOf('## Rules'));
    });
  });

  describe('the export', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'owner-answers-'));
    });
    afterAll(async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('is a knowledge file: kept in content/knowledge/ the clone knows the answers, said once', async () => {
      await createAnswer({ question: QUESTION, answer: ANSWER }).expect(201);
      const exported = (await asOwner(request(ctx.app).get('/api/owner/answers.md')).expect(200)).text;
      await fs.cp(ctx.content.dir, dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'knowledge', 'owner-answers.md'), exported);

      const content = await loadContent(dir);
      const passage = buildKnowledgeIndex(content).passages.find((p) => p.title === QUESTION);
      expect(passage).toMatchObject({ source: 'owner-answers.md', text: ANSWER });
      // The same answers still in the database are not added a second time.
      const withAnswers = withOwnerAnswers(content, await listAnswers());
      expect(withAnswers.knowledge.map((document) => document.file)).not.toContain(
        OWNER_ANSWERS_KNOWLEDGE_FILE,
      );
    });
  });
});
