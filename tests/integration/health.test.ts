import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';

describe('health, profile and API fallbacks', () => {
  const ctx = useTestApp();

  it('reports the database and the model', async () => {
    const res = await request(ctx.app).get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: { driver: process.env.TEST_DB_DRIVER ?? 'pglite', status: 'up' },
      model: 'offline',
    });
  });

  it('names the OpenAI model when a key is configured', async () => {
    const app = ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' } });
    const res = await request(app).get('/api/health').expect(200);
    expect(res.body.model).toBe('openai:gpt-4o-mini');
  });

  it('serves the public profile with the greeting and without the persona', async () => {
    const res = await request(ctx.app).get('/api/profile').expect(200);
    expect(res.body).toMatchObject({
      name: ctx.content.profile.name,
      experience: '20 years',
      specialty: 'GenAI specialist',
      location: 'Massachusetts, USA',
      photo: '/api/profile/photo',
      greeting: ctx.content.profile.greeting,
    });
    // The chat's welcome is this greeting from the fixture owner's profile.json.
    expect(res.body.greeting).toMatch(
      /^Hi! I'm the AI clone of Alex Morgan, an AI Solutions Architect with 20 years of experience\. Ask me anything/,
    );
    expect(res.body.expertise).toHaveLength(4);
    expect(res.body.quickQuestions.map((q: { label: string }) => q.label)).toEqual([
      'AI Solutions',
      'Cloud Architecture',
      'Work Together',
    ]);
    expect(res.body).not.toHaveProperty('persona');
    const photo = await request(ctx.app).get('/api/profile/photo').expect(200).expect('Content-Type', /svg/);
    // An SVG opened on its own runs no script.
    expect(photo.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(ctx.app).get('/api/nope').expect(404);
    expect(res.body.message).toMatch(/No API route/);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('sends security headers', async () => {
    // The health check answers before them (it is called often and is only a status line), but
    // with nosniff; everything else carries them all.
    const health = await request(ctx.app).get('/api/health').expect(200);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const res = await request(ctx.app).get('/api/profile');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
