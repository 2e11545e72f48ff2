import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/test-app';

// The CSP header lets the Vapi web SDK (and the Daily room it joins) work only when Vapi is the
// voice provider; browser voice keeps the strict same-origin policy.

const directive = (header: string, name: string) =>
  header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  const ctx = useTestApp();

  it('stays same-origin for browser voice', async () => {
    const res = await request(ctx.app).get('/api/health');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('daily.co');
    expect(csp).not.toContain('unsafe-eval');
  });

  it("allows Vapi's API, Daily's call bundle and Daily's servers when Vapi is configured", async () => {
    const app = ctx.rebuild({ env: { VAPI_PUBLIC_KEY: 'pk_test', VAPI_API_BASE: 'https://api.vapi.ai/' } });
    const res = await request(app).get('/api/health');
    const csp = res.headers['content-security-policy'] as string;
    const connect = directive(csp, 'connect-src');
    for (const source of ["'self'", 'https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co']) {
      expect(connect.split(' ')).toContain(source);
    }
    expect(directive(csp, 'script-src').split(' ')).toEqual(['script-src', "'self'", 'https://c.daily.co']);
    expect(directive(csp, 'worker-src').split(' ')).toContain('blob:');
    expect(directive(csp, 'media-src').split(' ')).toContain('blob:');
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
