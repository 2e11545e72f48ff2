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
export function compressResponses(req: Request, res: Response, next: NextFunction) {
  const originalWrite = res.write;
  const originalEnd = res.end;
  let isStreamed = false;

  res.write = function write(this: Response, ...args: unknown[]) {
    isStreamed = true;
    return (originalWrite as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;

  res.end = function end(this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    const body = isStreamed || res.headersSent ? null : toBuffer(chunk, encoding);
    const contentType = res.getHeader('Content-Type');
    if (body && isCompressibleType(typeof contentType === 'string' ? contentType : undefined)) {
      res.setHeader('Vary', varyOnEncoding(res.getHeader('Vary')));
      const chosen = chooseEncoding(req.headers['accept-encoding']);
      const cacheControl = String(res.getHeader('Cache-Control') ?? '');
      if (
        chosen &&
        body.length >= MIN_COMPRESS_BYTES &&
        !res.getHeader('Content-Encoding') &&
        !/\bno-transform\b/i.test(cacheControl)
      ) {
        const compressed = compressBody(body, chosen);
        res.setHeader('Content-Encoding', chosen);
        res.setHeader('Content-Length', compressed.length);
        const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        return (originalEnd as (...a: unknown[]) => Response).call(this, compressed, callback);
      }
    }
    return (originalEnd as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.end;

  next();
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') {
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  }
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}
