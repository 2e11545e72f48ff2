import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-deps';
import { badRequest, notFound, rateLimited } from '../../lib/app-error';
import { isSameSecret } from '../../lib/secrets';
import {
  consumeOpenVerifications,
  consumeVerification,
  countVerificationAttempt,
  countVerificationsSince,
  findOpenVerification,
  insertEmailVerification,
} from '../../storage/email-verifications';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { findSubscriptionUserByEmail } from '../../storage/subscription-users';
import { getBillingMode } from '../billing/billing';
import type { AccessCookies } from './access-cookies';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_CODES_PER_EMAIL_PER_HOUR = 5;

const WRONG_CODE = 'This code is wrong or has expired. Please check it or request a new one.';
const TOO_MANY_ATTEMPTS = 'Too many wrong codes. Please request a new code.';

type VerificationContext = Pick<AppContext, 'database' | 'env' | 'now' | 'mail' | 'content'>;

/**
 * Sends a 6-digit code to the e-mail of an existing subscription user (outbox, then flush). Only
 * its keyed hash is stored; a new code replaces older ones. In demo mode without SMTP the code is
 * also returned, so the page can show it: nothing of value is at stake there, and there is no
 * other way to receive it. With Stripe configured the code is never returned.
 */
export async function requestVerificationCode(
  context: VerificationContext,
  access: AccessCookies,
  email: string,
): Promise<{ sent: true; demoCode?: string }> {
  const { env, database } = context;
  const now = context.now();
  const user = await findSubscriptionUserByEmail(database.db, email);
  if (!user) throw notFound('No subscription uses this e-mail address yet.');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await database.db.transaction(async (tx) => {
    const recent = await countVerificationsSince(tx, email, new Date(now.getTime() - 60 * 60_000));
    if (recent >= MAX_CODES_PER_EMAIL_PER_HOUR)
      throw rateLimited('Several codes were sent to this address already. Please try again in an hour.');
    await consumeOpenVerifications(tx, email, now);
    await insertEmailVerification(tx, {
      email,
      codeHash: access.hashCode(email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    await insertOutboxEntries(tx, [
      {
        kind: 'verification-code',
        toAddress: email,
        // Not in the subject: subjects may be logged, bodies never are.
        subject: `Your verification code for ${context.content.profile.name}'s voice clone`,
        body: [
          `Your verification code is ${code}.`,
          '',
          'Enter it on the voice page to use your subscription in this browser. It expires in 10 minutes.',
          'If you did not ask for it, you can ignore this e-mail.',
        ].join('\n'),
      },
    ]);
  });
  void context.mail.flush();

  const isDemo = getBillingMode(env) === 'demo';
  return isDemo && !env.SMTP_URL ? { sent: true, demoCode: code } : { sent: true };
}

/**
 * Checks a code: at most MAX_ATTEMPTS_PER_CODE tries per code (counted atomically, so parallel
 * guesses cannot exceed it), then 429. Returns the verified e-mail.
 */
export async function verifyCode(
  context: Pick<AppContext, 'database' | 'now'>,
  access: AccessCookies,
  email: string,
  code: string,
): Promise<string> {
  const db = context.database.db;
  const now = context.now();
  const open = await findOpenVerification(db, email, now);
  if (!open) throw badRequest(WRONG_CODE);
  const counted = await countVerificationAttempt(db, open.id, MAX_ATTEMPTS_PER_CODE);
  if (!counted) throw rateLimited(TOO_MANY_ATTEMPTS);

  if (!isSameSecret(access.hashCode(email, code), open.codeHash)) {
    const left = MAX_ATTEMPTS_PER_CODE - counted.attempts;
    if (left <= 0) throw rateLimited(TOO_MANY_ATTEMPTS);
    throw badRequest(`${WRONG_CODE} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
  }
  if (!(await consumeVerification(db, open.id, now))) throw badRequest(WRONG_CODE);
  return email;
}
