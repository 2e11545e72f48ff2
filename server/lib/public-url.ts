import type { Env } from '../env';

/**
 * The site's public base URL, without a trailing slash: PUBLIC_URL, else `fallbackOrigin` (the
 * origin a request came to), else where this server answers locally.
 */
export function getPublicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, fallbackOrigin?: string): string {
  return (env.PUBLIC_URL ?? fallbackOrigin ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
