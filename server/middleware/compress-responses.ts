import type { NextFunction, Request, Response } from 'express';
import { chooseEncoding, compressBody, isCompressibleType, varyOnEncoding } from '../lib/content-encoding';

/** Below this a compressed body saves less than the headers and the work cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Compresses whole bodies sent in one piece (res.json, res.send: JSON and HTML) with brotli or
 * gzip, as the client accepts. A response written in pieces (the chat's event stream, files
 * streamed from disk) goes out untouched: compressing it would hold tokens back in the
 * compressor's buffer, and static files carry their own precompressed copies.
 */
export function compressResponses(_req: Request, res: Response, next: NextFunction) {
  // One shared function instead of a closure per request: this runs on every request.
  (res as CompressingResponse)[ORIGINAL_END] = res.end as End;
  res.end = compressingEnd as typeof res.end;
  next();
}

const ORIGINAL_END = Symbol('original res.end');
type End = (...args: unknown[]) => Response;
type CompressingResponse = Response & { [ORIGINAL_END]: End };

function compressingEnd(this: CompressingResponse, ...args: unknown[]): Response {
  const originalEnd = this[ORIGINAL_END];
  const [chunk, encoding] = args;
  const contentType = this.getHeader('Content-Type');
  if (
    // A body written in pieces (res.write) sent its headers with the first piece.
    this.headersSent ||
    (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) ||
    typeof contentType !== 'string' ||
    !isCompressibleTypeCached(contentType)
  ) {
    return originalEnd.apply(this, args);
  }
  const vary = this.getHeader('Vary');
  this.setHeader('Vary', vary === undefined ? 'Accept-Encoding' : varyOnEncoding(vary));
  if (byteLengthOf(chunk, encoding) < MIN_COMPRESS_BYTES || this.getHeader('Content-Encoding')) {
    return originalEnd.apply(this, args);
  }
  const chosen = chooseEncoding(this.req.headers['accept-encoding']);
  if (!chosen || /\bno-transform\b/i.test(String(this.getHeader('Cache-Control') ?? ''))) {
    return originalEnd.apply(this, args);
  }
  const compressed = compressBody(toBuffer(chunk, encoding), chosen);
  this.setHeader('Content-Encoding', chosen);
  this.setHeader('Content-Length', compressed.length);
  const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  return originalEnd.call(this, compressed, callback);
}

/** The few content types the app sends, each classified once. */
const compressibleByType = new Map<string, boolean>();
function isCompressibleTypeCached(contentType: string): boolean {
  let isCompressible = compressibleByType.get(contentType);
  if (isCompressible === undefined) {
    isCompressible = isCompressibleType(contentType);
    // Bounded: a type the app has not seen before is classified each time.
    if (compressibleByType.size < 64) compressibleByType.set(contentType, isCompressible);
  }
  return isCompressible;
}

function byteLengthOf(chunk: string | Uint8Array, encoding: unknown): number {
  if (typeof chunk !== 'string') return chunk.byteLength;
  return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

function toBuffer(chunk: string | Uint8Array, encoding: unknown): Buffer {
  if (typeof chunk !== 'string') return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}
