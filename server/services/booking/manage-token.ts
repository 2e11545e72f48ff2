import { createHmac } from 'node:crypto';
import { isUuid } from '../../../shared/ids';
import { isSameSecret } from '../../lib/secrets';

// The visitor's link to reschedule or cancel a booked call: the request id and an HMAC of it with
// the session secret, so it cannot be guessed from an id (ids appear in the owner's mail) and
// carries nothing about the visitor. The site puts it after "#" (/booking#<token>): a fragment
// never reaches the server's logs or another site's Referer; the page sends it in a POST body.

const PURPOSE = 'booking-manage:';
const SIGNATURE_LENGTH = 32;

function sign(secret: string, id: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + id)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/** "<id without dashes>.<signature>" */
export function createManageToken(secret: string, contactRequestId: string): string {
  return `${contactRequestId.replace(/-/g, '')}.${sign(secret, contactRequestId)}`;
}

/** The request id a token was signed for, or undefined for anything forged or malformed. */
export function readManageToken(secret: string, token: string): string | undefined {
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const hex = match[1]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isUuid(id)) return undefined;
  return isSameSecret(match[2]!, sign(secret, id)) ? id : undefined;
}

/** The page where the visitor manages the call. */
export function getManageUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/booking#${token}`;
}
