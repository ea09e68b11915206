import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: what goes into the emailed link. Only its hash is stored. */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we make are 43 URL-safe characters; anything else cannot be one of ours. */
export function looksLikeOneTimeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
