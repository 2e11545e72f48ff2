import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send, from the request's Accept-Encoding and the ones on offer (in our order
 * of preference: brotli is smaller). A q of 0 refuses an encoding; `*` stands for any other.
 * Null means identity: no header, or nothing acceptable on offer.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const encoding of offered) {
    if (weightOf(encoding) > 0 && (!best || weightOf(encoding) > weightOf(best))) best = encoding;
  }
  return best;
}

/**
 * Responses built per request are compressed with cheap settings (brotli 4 is about as fast as
 * gzip 6 and still smaller); files compressed once at build time use the highest.
 */
export function compressBody(body: Buffer, encoding: Encoding, isOnce = false): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: isOnce ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: isOnce ? constants.BROTLI_MAX_QUALITY : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Text types worth compressing. Event streams are not among them: tokens must not wait. */
export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'image/svg+xml' ||
    type === 'application/xml' ||
    type === 'application/manifest+json'
  );
}

/** Adds Accept-Encoding to Vary without losing what is already there. */
export function varyOnEncoding(existing: string | number | string[] | undefined): string {
  const values = String(existing ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) values.push('Accept-Encoding');
  return values.join(', ');
}
