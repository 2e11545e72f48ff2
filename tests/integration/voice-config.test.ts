import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapiAssistants } from '../../shared/schema';
import { setLogLevel } from '../../server/lib/logger';
import { startFakeVapiServer, type FakeVapiServer } from '../fakes/vapi-server';
import { useTestApp } from '../helpers/test-app';
import { TEST_SESSION_SECRET } from './voice-helpers';

// GET /api/voice/config: browser voice, the inline Vapi assistant, and the server-managed assistant
// created and updated at a loopback Vapi (tests/fakes/vapi-server.ts).

const VAPI_SECRET = 'vapi-webhook-secret-for-tests';
const VAPI_KEY = 'vapi-private-key';
const PUBLIC_URL = 'https://clone.example.com';

describe('voice config and the Vapi assistant', () => {
  const ctx = useTestApp({
    env: {
      SESSION_SECRET: TEST_SESSION_SECRET,
      VAPI_PUBLIC_KEY: 'pk_test_public',
      VAPI_WEBHOOK_SECRET: VAPI_SECRET,
    },
  });
  let vapi: FakeVapiServer;
  beforeAll(async () => {
    vapi = await startFakeVapiServer(VAPI_KEY);
  });
  afterAll(() => vapi?.close());
  const managed = (env: Record<string, string> = {}) =>
    ctx.rebuild({ env: { VAPI_API_KEY: VAPI_KEY, VAPI_API_BASE: vapi.url, PUBLIC_URL, ...env } });

  describe('voice config', () => {
    it('offers browser voice without a Vapi public key, and stores the assistant configuration', async () => {
      const res = await request(ctx.rebuild({ env: { VAPI_PUBLIC_KEY: '' } }))
        .get('/api/voice/config')
        .expect(200);
      expect(res.body).toEqual({
        provider: 'browser',
        isDemoMode: true,
        ownerName: ctx.content.profile.name,
        firstMessage: ctx.content.profile.greeting,
      });
      const [row] = await ctx.database.db.select().from(vapiAssistants);
      expect(row?.vapiAssistantId).toMatch(/^inline:/);
      expect(row?.configuration).toMatchObject({ model: { provider: 'openai', model: 'gpt-4o' } });
    });

    it('hands the browser the inline assistant when the server has no Vapi private key', async () => {
      const res = await request(ctx.app).get('/api/voice/config').expect(200);
      expect(res.body).toMatchObject({
        provider: 'vapi',
        vapi: { publicKey: 'pk_test_public', apiBaseUrl: 'https://api.vapi.ai' },
      });
      const assistant = res.body.vapi.assistant;
      expect(assistant).toMatchObject({
        firstMessage: ctx.content.profile.greeting,
        model: { provider: 'openai', model: 'gpt-4o' },
        voice: { provider: '11labs', voiceId: 'burt' },
        transcriber: { provider: 'deepgram', model: 'nova-2' },
        artifactPlan: { recordingEnabled: false },
        maxDurationSeconds: 3600,
      });
      expect(assistant.model.messages[0].content).toContain(ctx.content.profile.persona);
      expect(JSON.stringify(res.body)).not.toContain(VAPI_SECRET);
    });

    it('creates the assistant at Vapi once, keeps its id, and updates it when the configuration changes', async () => {
      const first = await request(managed()).get('/api/voice/config').expect(200);
      const create = vapi.requests.filter((req) => req.method === 'POST');
      expect(create).toHaveLength(1);
      expect(create[0]).toMatchObject({
        path: '/assistant',
        authorization: `Bearer ${VAPI_KEY}`,
        body: {
          model: { provider: 'openai', model: 'gpt-4o' },
          server: { url: `${PUBLIC_URL}/api/vapi/webhook`, headers: { 'x-vapi-secret': VAPI_SECRET } },
          serverMessages: ['end-of-call-report'],
        },
      });
      const id = first.body.vapi.assistantId as string;
      expect(first.body.vapi).toEqual({ publicKey: 'pk_test_public', apiBaseUrl: vapi.url, assistantId: id });
      const [row] = await ctx.database.db
        .select()
        .from(vapiAssistants)
        .where(eq(vapiAssistants.isActive, true));
      expect(row?.vapiAssistantId).toBe(id);
      expect(JSON.stringify(row?.configuration)).not.toContain(VAPI_SECRET);

      // Another start of the server with the same configuration: no call to Vapi.
      await request(managed()).get('/api/voice/config').expect(200);
      expect(vapi.requests).toHaveLength(1);

      const changed = await request(managed({ VAPI_VOICE_ID: 'jennifer', VAPI_RECORDING_ENABLED: 'true' }))
        .get('/api/voice/config')
        .expect(200);
      expect(changed.body.vapi.assistantId).toBe(id);
      const patch = vapi.requests.at(-1);
      expect(patch).toMatchObject({
        method: 'PATCH',
        path: `/assistant/${id}`,
        body: { voice: { voiceId: 'jennifer' }, artifactPlan: { recordingEnabled: true } },
      });
      expect(vapi.assistants.get(id)).toMatchObject({ voice: { voiceId: 'jennifer' } });
    });

    it('falls back to the inline assistant while Vapi cannot be reached', async () => {
      setLogLevel('silent');
      vapi.failWith = 503;
      try {
        const app = managed({ VAPI_VOICE_ID: 'someone-new' });
        const res = await request(app).get('/api/voice/config').expect(200);
        expect(res.body.vapi.assistantId).toBeUndefined();
        expect(res.body.vapi.assistant).toMatchObject({ voice: { voiceId: 'someone-new' } });

        // Vapi is back, but the next minute's pages do not wait on it again.
        vapi.failWith = undefined;
        const calls = vapi.requests.length;
        const soon = await request(app).get('/api/voice/config').expect(200);
        expect(soon.body.vapi.assistant).toBeDefined();
        expect(vapi.requests).toHaveLength(calls);
      } finally {
        vapi.failWith = undefined;
        setLogLevel('error');
      }
    });
  });
});
