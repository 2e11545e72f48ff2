import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { vapiAssistants } from '../../shared/schema';
import { expectErrorLogs } from '../helpers/log-recorder';
import { useTestApp } from '../helpers/test-app';
import {
  TEST_SESSION_SECRET,
  useFakeVapi,
  VAPI_TEST_KEY,
  VAPI_TEST_PUBLIC_URL,
  VAPI_TEST_SECRET,
} from '../helpers/voice';

// GET /api/voice/config: browser voice, Vapi through our own server, and the server-managed
// assistant created and updated at a loopback Vapi (tests/fakes/vapi-server.ts).

describe('voice config and the Vapi assistant', () => {
  const ctx = useTestApp({
    env: { SESSION_SECRET: TEST_SESSION_SECRET, VAPI_WEBHOOK_SECRET: VAPI_TEST_SECRET },
  });
  // The server holds the Vapi private key: it manages the assistant at the fake (requests
  // forgotten before every test).
  const fake = useFakeVapi(ctx);
  const managed = (env: Record<string, string> = {}) => fake.rebuild(env);

  describe('voice config', () => {
    it('offers browser voice without the Vapi private key, and stores the assistant configuration', async () => {
      // A Vapi public key alone no longer means Vapi: the browser never gets a key.
      const res = await request(ctx.rebuild({ env: { VAPI_PUBLIC_KEY: 'pk_test_public' } }))
        .get('/api/voice/config')
        .expect(200);
      expect(res.body).toEqual({
        provider: 'browser',
        isDemoMode: true,
        ownerName: ctx.content.profile.name,
        firstMessage: ctx.content.profile.greeting,
        maxCallMinutes: 15,
      });
      const [row] = await ctx.database.db.select().from(vapiAssistants);
      expect(row?.vapiAssistantId).toMatch(/^inline:/);
      expect(row?.configuration).toMatchObject({
        firstMessage: ctx.content.profile.greeting,
        model: { provider: 'openai', model: 'gpt-4o' },
        voice: { provider: '11labs', voiceId: 'burt' },
        transcriber: { provider: 'deepgram', model: 'nova-2' },
        artifactPlan: { recordingEnabled: false },
        maxDurationSeconds: 900, // VOICE_MAX_CALL_MINUTES
      });
      const { model } = row?.configuration as { model: { messages: { content: string }[] } };
      expect(model.messages[0]?.content).toContain(ctx.content.profile.persona);
    });

    it('points the Vapi SDK at our server, with no key and no assistant, when the server holds the key', async () => {
      const res = await request(managed()).get('/api/voice/config').expect(200);
      expect(res.body).toEqual({
        provider: 'vapi',
        isDemoMode: true,
        ownerName: ctx.content.profile.name,
        firstMessage: ctx.content.profile.greeting,
        maxCallMinutes: 15,
        vapi: { apiBaseUrl: '/api/vapi' },
      });
      const text = JSON.stringify(res.body);
      for (const secret of [VAPI_TEST_KEY, VAPI_TEST_SECRET, 'pk_']) expect(text).not.toContain(secret);
    });

    it('creates the assistant at Vapi once, keeps its id, and updates it when the configuration changes', async () => {
      const first = await request(managed()).get('/api/voice/config').expect(200);
      const create = fake.vapi.requests.filter((req) => req.method === 'POST');
      expect(create).toHaveLength(1);
      expect(create[0]).toMatchObject({
        path: '/assistant',
        authorization: `Bearer ${VAPI_TEST_KEY}`,
        body: {
          model: { provider: 'openai', model: 'gpt-4o' },
          server: {
            url: `${VAPI_TEST_PUBLIC_URL}/api/vapi/webhook`,
            headers: { 'x-vapi-secret': VAPI_TEST_SECRET },
          },
          serverMessages: ['end-of-call-report'],
        },
      });
      expect(first.body.vapi).toEqual({ apiBaseUrl: '/api/vapi' });
      const [row] = await ctx.database.db
        .select()
        .from(vapiAssistants)
        .where(eq(vapiAssistants.isActive, true));
      const id = row!.vapiAssistantId;
      expect(fake.vapi.assistants.has(id)).toBe(true);
      expect(JSON.stringify(row?.configuration)).not.toContain(VAPI_TEST_SECRET);

      // Another start of the server with the same configuration: no call to Vapi.
      await request(managed()).get('/api/voice/config').expect(200);
      expect(fake.vapi.requests).toHaveLength(1);

      await request(managed({ VAPI_VOICE_ID: 'jennifer', VAPI_RECORDING_ENABLED: 'true' }))
        .get('/api/voice/config')
        .expect(200);
      const patch = fake.vapi.requests.at(-1);
      expect(patch).toMatchObject({
        method: 'PATCH',
        path: `/assistant/${id}`,
        body: { voice: { voiceId: 'jennifer' }, artifactPlan: { recordingEnabled: true } },
      });
      expect(fake.vapi.assistants.get(id)).toMatchObject({ voice: { voiceId: 'jennifer' } });
    });

    it('still answers while Vapi cannot be reached, without waiting on it for every page', async () => {
      const logs = expectErrorLogs();
      fake.vapi.failWith = 503;
      try {
        const app = managed({ VAPI_VOICE_ID: 'someone-new' });
        const res = await request(app).get('/api/voice/config').expect(200);
        expect(res.body).toMatchObject({ provider: 'vapi', vapi: { apiBaseUrl: '/api/vapi' } });

        // Vapi is back, but the next minute's pages do not wait on it again (calls go inline).
        fake.vapi.failWith = undefined;
        const calls = fake.vapi.requests.length;
        await request(app).get('/api/voice/config').expect(200);
        expect(fake.vapi.requests).toHaveLength(calls);
        expect(logs.map((entry) => entry.msg)).toContain('vapi assistant sync failed');
      } finally {
        fake.vapi.failWith = undefined;
      }
    });
  });
});
