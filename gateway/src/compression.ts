import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compression of API answers at the gateway. Services answer plain JSON; the gateway compresses what
 * is worth it (text above COMPRESS_MIN_BYTES) in the encoding the client prefers. A shared-cache
 * answer is compressed once per encoding and kept beside the plain body, never per request.
 */
export type Encoding = 'br' | 'gzip';

/** Below this size the headers and the CPU cost more than compression saves. */
const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE_TYPE = /json|^text\/|javascript|xml|svg/i;

/** Whether an answer of this type and size is worth compressing. */
export function isCompressible(contentType: unknown, length: number): boolean {
  return (
    typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType) && length >= COMPRESS_MIN_BYTES
  );
}

/** The encoding to answer in, from Accept-Encoding: br before gzip, honouring q=0 and `*`. */
export function preferredEncoding(acceptEncoding: unknown): Encoding | undefined {
  if (typeof acceptEncoding !== 'string' || acceptEncoding.trim() === '') return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(quality) ? quality : 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/** Compresses a body; brotli at a middle quality (fast, and still well ahead of gzip on JSON). */
export function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** A Vary value that also names Accept-Encoding (once), keeping what was there. */
export function varyWithEncoding(existing: unknown): string {
  const names =
    typeof existing === 'string'
      ? existing
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return names.join(', ');
}
