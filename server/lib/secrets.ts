import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a presented secret with the expected one in time that does not depend on either. */
export function isSameSecret(given: string, expected: string): boolean {
  // Equal-length digests, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The credential of an `Authorization: Bearer <token>` header, if there is one. */
export function readBearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
}
