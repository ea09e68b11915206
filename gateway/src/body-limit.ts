import { API_PREFIX } from './routing.js';

/** What every service accepts as a JSON body (the kit's bodyLimit). */
export const API_BODY_LIMIT = 1024 * 1024;
/** Image uploads: the catalogue's UPLOAD_MAX_BYTES plus room for the multipart framing. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
/** The admin's catalogue pictures and the customers' review photos. */
const IMAGE_UPLOAD_PATHS = new Set(['/upload', '/reviews/photos']);

/**
 * Whether a request declares a body larger than the service behind it accepts. The gateway answers
 * those itself: a service that refuses a body half-way through the proxy's upload resets the
 * connection, which surfaced as a 502 or a request that never answered instead of a 413.
 */
export function declaresOversizeBody(url: string, contentLength: string | undefined): boolean {
  const limit = bodyLimitFor(url);
  if (!contentLength || limit === undefined) return false;
  const length = Number(contentLength);
  if (!Number.isFinite(length)) return false;
  return length > limit;
}

/** The most a request to this URL may send, or undefined outside the API (the gateway's own pages). */
export function bodyLimitFor(url: string): number | undefined {
  if (!url.startsWith(`${API_PREFIX}/`)) return undefined;
  const path = url.slice(API_PREFIX.length).split('?')[0]!;
  return IMAGE_UPLOAD_PATHS.has(path) ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
}
