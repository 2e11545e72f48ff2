import type { Request, RequestHandler } from 'express';
import type { Env } from '../env';
import { forbidden } from '../lib/app-error';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests another site's page makes a browser send (cross-site request
 * forgery). Browsers say where a request comes from in `Sec-Fetch-Site`; older ones only in
 * `Origin`, which then must be this site's own origin (PUBLIC_URL, or the origin the request came
 * to). Requests with neither header do not come from a web page (curl, scripts, tests) and pass.
 * Mounted after the webhooks: providers call those from their own servers, with a signature.
 */
export function refuseCrossSiteRequests(env: Pick<Env, 'PUBLIC_URL'>): RequestHandler {
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;

  return (req, _res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'same-origin' || site === 'none') return next();
    if (site === undefined && origin === undefined) return next();
    // 'same-site' (a sibling subdomain) or a value this code does not know: only the page's own
    // origin may pass. 'cross-site' never does.
    if (site !== 'cross-site' && origin !== undefined && isOwnOrigin(origin, req, publicOrigin))
      return next();
    next(forbidden('This request came from another website and was refused.'));
  };
}

function isOwnOrigin(origin: string, req: Request, publicOrigin: string | undefined): boolean {
  const given = originOf(origin);
  if (given === undefined) return false; // includes the opaque origin "null"
  return given === publicOrigin || given === originOf(`${req.protocol}://${req.get('host') ?? ''}`);
}

/** The normalised origin of a URL (default port dropped, lower case), or undefined if it has none. */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
