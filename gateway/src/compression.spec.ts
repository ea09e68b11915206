import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, isCompressible, preferredEncoding, varyWithEncoding } from './compression.js';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('isCompressible', () => {
  it('takes text types above the threshold only', () => {
    expect(isCompressible('application/json; charset=utf-8', 4096)).toBe(true);
    expect(isCompressible('application/json; charset=utf-8', 200)).toBe(false);
    expect(isCompressible('image/jpeg', 40_000)).toBe(false);
    expect(isCompressible(undefined, 40_000)).toBe(false);
  });
});

describe('encode', () => {
  it('round-trips in both encodings and shrinks repetitive JSON', () => {
    const body = Buffer.from(
      JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, name: `Item ${id}` }))),
    );
    const br = encode(body, 'br');
    const gz = encode(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 4);
  });
});

describe('varyWithEncoding', () => {
  it('adds Accept-Encoding once, keeping what was there', () => {
    expect(varyWithEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithEncoding('Authorization')).toBe('Authorization, Accept-Encoding');
    expect(varyWithEncoding('Authorization, accept-encoding')).toBe('Authorization, accept-encoding');
  });
});
