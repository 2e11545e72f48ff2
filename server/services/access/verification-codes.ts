import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-deps';
import { badRequest, conflict, rateLimited, unavailable } from '../../lib/app-error';
import { isSameSecret } from '../../lib/secrets';
import {
  consumeOpenVerifications,
  consumeVerification,
  countVerificationAttempt,
  countVerificationsSince,
  findOpenVerification,
  insertEmailVerification,
  purgeVerifications,
} from '../../storage/email-verifications';
import { claimEmail } from '../../storage/email-claims';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { URGENT_MAIL_PRIORITY, VERIFICATION_CODE_KIND } from '../mail/mail-delivery';
import type { AccessCookies } from './access-cookies';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_CODES_PER_EMAIL_PER_HOUR = 5;
const CODE_COUNT_WINDOW_MS = 60 * 60_000;

export const CLAIMED_ELSEWHERE =
  'This e-mail address was first used in another browser, and this demo site shows its code only there. ' +
  'Continue in that browser, or ask the site owner to set up e-mail delivery (SMTP_URL), so that a code can reach you here.';

/** Stripe mode without SMTP: a code would wait in the outbox forever, so none is promised. */
export const NO_MAIL_DELIVERY =
  'No code can be sent: e-mail delivery is not set up on this site. Continue in the browser where you ' +
  'subscribed, or ask the site owner to set up e-mail delivery (SMTP_URL), so that a code can reach you here.';

const WRONG_CODE = 'This code is wrong or has expired. Please check it or request a new one.';
const TOO_MANY_ATTEMPTS = 'Too many wrong codes. Please request a new code.';

type VerificationContext = Pick<AppContext, 'database' | 'env' | 'now' | 'mail' | 'content' | 'billing'>;

/**
 * Demo mode without e-mail delivery: codes are shown on the page, so an address belongs to the
 * first browser that claims it (a subscription started, or a code asked for).
 */
export function isCodeShownOnPage({ env, billing }: Pick<AppContext, 'env' | 'billing'>): boolean {
  return billing.mode === 'demo' && !env.SMTP_URL;
}

/**
 * Sends a 6-digit code to any e-mail (outbox, then flush): the answer is the same whether the
 * address subscribes or not, so it tells nobody which addresses do. Only its keyed hash is
 * stored; a new code replaces older ones. When codes are shown on the page (demo mode without
 * SMTP) only the browser that claimed the address first receives one; any other browser gets 409
 * and no code, so zero configuration never opens another visitor's history.
 */
export async function requestVerificationCode(
  context: VerificationContext,
  access: AccessCookies,
  email: string,
  browserKeyHash: string,
): Promise<{ sent: true; demoCode?: string }> {
  const { database } = context;
  const now = context.now();
  const isShownOnPage = isCodeShownOnPage(context);
  if (!isShownOnPage && !context.env.SMTP_URL) throw unavailable(NO_MAIL_DELIVERY);

  await requireClaim(context, email, browserKeyHash);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await database.db.transaction(async (tx) => {
    await purgeVerifications(tx, now, new Date(now.getTime() - CODE_COUNT_WINDOW_MS));
    const recent = await countVerificationsSince(tx, email, new Date(now.getTime() - CODE_COUNT_WINDOW_MS));
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
        kind: VERIFICATION_CODE_KIND,
        // The visitor waits on the page for it: ahead of any booking mail queued before it.
        priority: URGENT_MAIL_PRIORITY,
        toAddress: email,
        // Not in the subject: subjects may be logged, bodies never are.
        subject: `Your verification code for ${context.content.profile.name}'s voice clone`,
        body: [
          `Your verification code is ${code}.`,
          '',
          'Enter it on the voice page to confirm your e-mail address in this browser. It expires in 10 minutes.',
          'If you did not ask for it, you can ignore this e-mail.',
        ].join('\n'),
      },
    ]);
  });
  void context.mail.flush();

  return isShownOnPage ? { sent: true, demoCode: code } : { sent: true };
}

/** Where codes are shown on the page, only the browser that claimed the address may go on. */
async function requireClaim(
  context: Pick<AppContext, 'database' | 'env' | 'billing'>,
  email: string,
  browserKeyHash: string,
): Promise<void> {
  if (!isCodeShownOnPage(context)) return;
  if ((await claimEmail(context.database.db, email, browserKeyHash)) !== browserKeyHash)
    throw conflict(CLAIMED_ELSEWHERE);
}

/**
 * Checks a code: at most MAX_ATTEMPTS_PER_CODE tries per code (counted atomically, so parallel
 * guesses cannot exceed it), then 429. Returns the verified e-mail.
 */
export async function verifyCode(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing'>,
  access: AccessCookies,
  email: string,
  code: string,
  browserKeyHash: string,
): Promise<string> {
  const db = context.database.db;
  const now = context.now();
  await requireClaim(context, email, browserKeyHash);
  const open = await findOpenVerification(db, email, now);
  if (!open) throw badRequest(WRONG_CODE);
  const counted = await countVerificationAttempt(db, open.id, MAX_ATTEMPTS_PER_CODE);
  if (!counted) throw rateLimited(TOO_MANY_ATTEMPTS);

  if (!open.codeHash || !isSameSecret(access.hashCode(email, code), open.codeHash)) {
    const left = MAX_ATTEMPTS_PER_CODE - counted.attempts;
    if (left <= 0) throw rateLimited(TOO_MANY_ATTEMPTS);
    throw badRequest(`${WRONG_CODE} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
  }
  if (!(await consumeVerification(db, open.id, now))) throw badRequest(WRONG_CODE);
  return email;
}
