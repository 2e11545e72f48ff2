import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';

// The CSP header lets the Vapi web SDK join its Daily room only when Vapi is the voice provider;
// browser voice keeps the strict same-origin policy.

const directive = (header: string, name: string) =>
  header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  const ctx = useTestApp();

  it('stays same-origin for browser voice', async () => {
    const res = await request(ctx.app).get('/api/profile');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('daily.co');
    expect(csp).not.toContain('unsafe-eval');
  });

  it("allows Daily's call bundle and servers, but not Vapi's API, when Vapi is configured", async () => {
    const app = ctx.rebuild({ env: { VAPI_API_KEY: 'vapi_private', VAPI_API_BASE: 'https://api.vapi.ai/' } });
    const res = await request(app).get('/api/profile');
    const csp = res.headers['content-security-policy'] as string;
    const connect = directive(csp, 'connect-src');
    for (const source of ["'self'", 'https://*.daily.co', 'wss://*.daily.co']) {
      expect(connect.split(' ')).toContain(source);
    }
    // The page asks our server for its call (/api/vapi/call/web): it never talks to Vapi's API.
    expect(connect).not.toContain('vapi.ai');
    expect(directive(csp, 'script-src').split(' ')).toEqual(['script-src', "'self'", 'https://c.daily.co']);
    expect(directive(csp, 'worker-src').split(' ')).toContain('blob:');
    expect(directive(csp, 'media-src').split(' ')).toContain('blob:');
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
