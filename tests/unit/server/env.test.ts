import { describe, expect, it, vi } from 'vitest';
import { configurationWarnings, parseEnv, withContentTimeZone } from '../../../server/env';

const envOf = (source: Record<string, string>) => {
  const result = parseEnv(source);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.env;
};

describe('configuration', () => {
  it('stops on invalid values with one line per problem', () => {
    const result = parseEnv({ PORT: 'abc', OWNER_TIMEZONE: 'Mars/Olympus', DATABASE_URL: 'mysql://x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(3);
    expect(result.problems.join('\n')).toMatch(/OWNER_TIMEZONE: must be an IANA time zone/);
  });

  it('accepts canonical zones and their aliases without building a date formatter for the canonical ones', () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    expect(envOf({ OWNER_TIMEZONE: 'Europe/Berlin' }).OWNER_TIMEZONE).toBe('Europe/Berlin');
    expect(formatter).not.toHaveBeenCalled();
    expect(envOf({ OWNER_TIMEZONE: 'UTC' }).OWNER_TIMEZONE).toBe('UTC');
    expect(envOf({ OWNER_TIMEZONE: 'US/Eastern' }).OWNER_TIMEZONE).toBe('US/Eastern');
    formatter.mockRestore();
  });

  it("takes the owner's time zone from the content unless OWNER_TIMEZONE is set", () => {
    const lisbon = { timeZone: 'Europe/Lisbon' };
    expect(withContentTimeZone(envOf({}), lisbon, {}).OWNER_TIMEZONE).toBe('Europe/Lisbon');
    expect(withContentTimeZone(envOf({}), lisbon, { OWNER_TIMEZONE: '' }).OWNER_TIMEZONE).toBe(
      'Europe/Lisbon',
    );
    const berlin = { OWNER_TIMEZONE: 'Europe/Berlin' };
    expect(withContentTimeZone(envOf(berlin), lisbon, berlin).OWNER_TIMEZONE).toBe('Europe/Berlin');
    expect(withContentTimeZone(envOf({}), {}, {}).OWNER_TIMEZONE).toBe('America/New_York');
  });

  it('treats empty values as unset', () => {
    expect(envOf({ PORT: '', OPENAI_MODEL: '' })).toMatchObject({ PORT: 5000, OPENAI_MODEL: 'gpt-4o' });
  });

  it('warns a production owner about links to localhost and free Vapi minutes', () => {
    const warnings = configurationWarnings(
      envOf({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    );
    expect(warnings.join('\n')).toMatch(/PUBLIC_URL is not set/);
    // Without SESSION_SECRET the instances share one kept in the database: nothing to warn about.
    expect(warnings.join('\n')).not.toMatch(/SESSION_SECRET/);
    expect(configurationWarnings(envOf({ VAPI_API_KEY: 'sk' })).join('\n')).toMatch(
      /Demo mode with Vapi keys/,
    );
    expect(configurationWarnings(envOf({ VAPI_PUBLIC_KEY: 'pk' })).join('\n')).toMatch(
      /VAPI_PUBLIC_KEY alone does not turn on Vapi/,
    );
  });

  it('has nothing to say about a complete production setup or about development', () => {
    expect(
      configurationWarnings(
        envOf({
          PUBLIC_URL: 'https://alex.example.com',
          STRIPE_SECRET_KEY: 'sk_test_1',
          SESSION_SECRET: 'x'.repeat(32),
          VAPI_API_KEY: 'sk',
        }),
      ),
    ).toEqual([]);
    expect(configurationWarnings(envOf({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('says that demo mode without e-mail shows verification codes to anyone', () => {
    const warnings = configurationWarnings(envOf({ PUBLIC_URL: 'https://alex.example.com' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/shows verification codes/);
    expect(
      configurationWarnings(envOf({ PUBLIC_URL: 'https://alex.example.com', SMTP_URL: 'smtp://mail:587' })),
    ).toEqual([]);
  });
});
