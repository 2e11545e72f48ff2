import { z } from 'zod';
import { DEFAULT_MIN_NOTICE_HOURS, DEFAULT_OWNER_TIMEZONE } from '../shared/booking';
import { isTimeZone } from '../shared/booking-time';
import { DEFAULT_MAX_CALL_MINUTES } from '../shared/plans';
import { DEFAULT_PROMPT_BUDGET_TOKENS } from './lib/prompt-budget';

// The one place that reads process.env. Empty strings count as unset so a copied .env.example
// with blank values still starts on the embedded defaults.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const envSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 5000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  PUBLIC_URL: optional(z.url()),
  // Proxies in front of the site (a hop count): X-Forwarded-For is believed for that many hops
  // only. 0 trusts no one, so a client cannot choose the address its rate limits count against.
  TRUST_PROXY: withDefault(z.coerce.number().int().min(0).max(10), 0),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  CONTENT_DIR: withDefault(z.string(), './content'),
  OWNER_TIMEZONE: withDefault(
    z.string().refine(isTimeZone, `must be an IANA time zone such as ${DEFAULT_OWNER_TIMEZONE}`),
    DEFAULT_OWNER_TIMEZONE,
  ),
  // A call starts at least this long after it is booked (fractions allowed: 0.5 = 30 minutes).
  BOOKING_MIN_NOTICE_HOURS: withDefault(z.coerce.number().min(0).max(168), DEFAULT_MIN_NOTICE_HOURS),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(z.url()),
  OPENAI_MODEL: withDefault(z.string(), 'gpt-4o'),
  // One attempt per message (no retries): a visitor waits at most this long for the model.
  OPENAI_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(30_000), 30_000),
  // Model tokens (prompt + completion) all instances may spend per UTC day; 0 = no ceiling.
  LLM_DAILY_TOKEN_BUDGET: withDefault(z.coerce.number().int().min(0), 2_000_000),
  // Up to this prompt size the model gets all the knowledge, the same for every visitor (cached).
  CLONE_PROMPT_BUDGET_TOKENS: withDefault(
    z.coerce.number().int().min(1_000).max(1_000_000),
    DEFAULT_PROMPT_BUDGET_TOKENS,
  ),
  CLONE_MAX_OUTPUT_TOKENS: withDefault(z.coerce.number().int().min(50).max(100_000), 500),
  CHAT_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(100_000), 20),
  CONVERSATION_RATE_LIMIT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 60),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  SMTP_FROM: optional(z.string()),
  OWNER_EMAIL: optional(z.email()),
  OWNER_API_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
  // The first owner of the owner's desk, created on a start when there is none yet.
  OWNER_USERNAME: optional(z.string().min(1).max(100)),
  OWNER_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters')),
  CONTACT_RATE_LIMIT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 10),
  DEMO_MODE: withDefault(booleanFlag, 'true'),
  STRIPE_SECRET_KEY: optional(z.string().startsWith('sk_', 'must start with sk_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', 'must start with whsec_')),
  STRIPE_PRICE_MONTHLY: optional(z.string()),
  STRIPE_PRICE_PROFESSIONAL: optional(z.string()),
  STRIPE_PRICE_ENTERPRISE: optional(z.string()),
  STRIPE_API_BASE: optional(z.url()),
  // Vapi's private key: with it the server creates every call (Vapi's proxy pattern) and the
  // browser gets no key at all (docs/decisions/005). VAPI_PUBLIC_KEY is read only to warn an
  // owner who set it alone.
  VAPI_API_KEY: optional(z.string()),
  VAPI_PUBLIC_KEY: optional(z.string()),
  VAPI_API_BASE: withDefault(z.url(), 'https://api.vapi.ai'),
  VAPI_WEBHOOK_SECRET: optional(z.string()),
  VAPI_VOICE_PROVIDER: withDefault(z.string(), '11labs'),
  VAPI_VOICE_ID: withDefault(z.string(), 'burt'),
  VAPI_RECORDING_ENABLED: withDefault(booleanFlag, 'false'),
  // The longest single voice call on any plan (what a call reserves of the minutes left, and
  // where Vapi and the browser end it), so an unlimited plan cannot hold a line open for an hour.
  VOICE_MAX_CALL_MINUTES: withDefault(z.coerce.number().int().min(1).max(720), DEFAULT_MAX_CALL_MINUTES),
  VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(100_000), 60),
  CHECKOUT_RATE_LIMIT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 20),
  VERIFICATION_RATE_LIMIT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 10),
  VERIFY_RATE_LIMIT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 30),
  // Conversations, voice transcripts, mail and unbooked contact requests older than this are
  // deleted; past bookings lose their personal data (services/retention/sweep-retention.ts).
  RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(36_500), 365),
  LOG_LEVEL: withDefault(z.enum(['silent', 'error', 'info']), 'info'),
});

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

export function parseEnv(source: Record<string, string | undefined> = process.env): EnvResult {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
  );
  return { ok: false, problems };
}

/**
 * The owner's time zone: OWNER_TIMEZONE when it is set, else the content's (availability.json
 * "timeZone"), else the default. An owner's own files say where they work; the variable overrides.
 */
export function withContentTimeZone(
  env: Env,
  content: { timeZone?: string },
  source: Record<string, string | undefined> = process.env,
): Env {
  if (source.OWNER_TIMEZONE || !content.timeZone) return env;
  return { ...env, OWNER_TIMEZONE: content.timeZone };
}

/** Parses the environment once at start-up; prints one line per problem and exits when invalid. */
export function loadEnvOrExit(): Env {
  const result = parseEnv();
  if (result.ok) return result.env;
  console.error('Invalid configuration:');
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}

/**
 * Settings that start but are probably not what a production owner wants; printed at start-up.
 * Development and tests run on these defaults on purpose.
 */
export function configurationWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.PUBLIC_URL)
    warnings.push(
      `PUBLIC_URL is not set: links in e-mails and calendar invites point to http://localhost:${env.PORT}, and link previews carry no page address or picture.`,
    );
  if (env.VAPI_PUBLIC_KEY && !env.VAPI_API_KEY)
    warnings.push(
      'VAPI_PUBLIC_KEY alone does not turn on Vapi: the server creates each call, so set VAPI_API_KEY (the private key). Voice uses the browser until then.',
    );
  if (!env.STRIPE_SECRET_KEY && env.DEMO_MODE && env.VAPI_API_KEY)
    warnings.push(
      'Demo mode with Vapi keys: anyone can take a free demo plan and spend your Vapi minutes. Set STRIPE_SECRET_KEY or DEMO_MODE=false.',
    );
  if (Boolean(env.OWNER_USERNAME) !== Boolean(env.OWNER_PASSWORD))
    warnings.push(
      'OWNER_USERNAME and OWNER_PASSWORD go together: no owner account is created from only one.',
    );
  if (!env.STRIPE_SECRET_KEY && env.DEMO_MODE && !env.SMTP_URL)
    warnings.push(
      'Demo mode without SMTP_URL: the voice page shows verification codes, so anyone can open any demo subscription. Fine for trying the site; set SMTP_URL, or Stripe keys, before real visitors hold voice calls.',
    );
  return warnings;
}
