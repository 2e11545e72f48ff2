import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  compressBody,
  isCompressibleType,
  varyOnEncoding,
} from '../../../../server/lib/content-encoding';

describe('choosing a content encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
  ])('Accept-Encoding %j gets %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('offers only the copies that exist', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
    expect(chooseEncoding('br, gzip', [])).toBeNull();
  });
});

describe('compressing', () => {
  const body = Buffer.from(JSON.stringify({ text: 'hello '.repeat(500) }));
  it('round-trips with brotli and gzip', () => {
    expect(brotliDecompressSync(compressBody(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compressBody(body, 'gzip', true)).equals(body)).toBe(true);
    expect(compressBody(body, 'br').length).toBeLessThan(body.length / 10);
  });

  it('compresses text and JSON, never an event stream or an image', () => {
    expect(isCompressibleType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressibleType('text/html; charset=utf-8')).toBe(true);
    expect(isCompressibleType('image/svg+xml')).toBe(true);
    expect(isCompressibleType('text/event-stream; charset=utf-8')).toBe(false);
    expect(isCompressibleType('image/png')).toBe(false);
    expect(isCompressibleType(undefined)).toBe(false);
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('accept-encoding')).toBe('accept-encoding');
  });
});
