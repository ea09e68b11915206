import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The review request's link: `/review/<token>`, which needs no sign-in. The token is
 * `base64url(<source id>.<expires at, ms>)` `.` `base64url(HMAC-SHA256 of that first part)`, signed
 * with REVIEW_LINK_SECRET: it names the visit or order line and when it stops working, and nobody
 * without the secret can make or change one. It works for 30 days from the request, and once (the
 * eligibility's review_link_used_at, checked by the routes).
 */

export const REVIEW_LINK_DAYS = 30;
const DAY_MS = 86_400_000;
/** Bounds what is decoded: a source id is at most 200 characters. */
const MAX_TOKEN_LENGTH = 512;

export interface ReviewLink {
  sourceId: string;
  expiresAtMs: number;
}

const signatureOf = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest();

/** When a link made at `requestedAt` stops working. */
export function reviewLinkExpiry(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + REVIEW_LINK_DAYS * DAY_MS);
}

/** The signed token of a link to review `sourceId`, working until `expiresAt`. */
export function signReviewLink(link: ReviewLink, secret: string): string {
  const payload = Buffer.from(`${link.sourceId}.${link.expiresAtMs}`, 'utf8').toString('base64url');
  return `${payload}.${signatureOf(payload, secret).toString('base64url')}`;
}

/**
 * What a token says, when it is one this secret signed (compared in constant time); undefined for a
 * forged, changed or garbled one. Whether it has expired is the caller's question (410, not 404).
 */
export function readReviewLink(token: string, secret: string): ReviewLink | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signature] = parts as [string, string];
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(payload) || !base64url.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, secret);
  // Only the canonical encoding: a signature with other trailing bits is another token.
  if (given.length !== expected.length || given.toString('base64url') !== signature) return undefined;
  if (!timingSafeEqual(given, expected)) return undefined;
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  const dot = text.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const sourceId = text.slice(0, dot);
  const expiresAtMs = Number(text.slice(dot + 1));
  if (!/^\d+$/.test(text.slice(dot + 1)) || !Number.isSafeInteger(expiresAtMs)) return undefined;
  return { sourceId, expiresAtMs };
}
