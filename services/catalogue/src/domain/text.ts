/** Form text as the user meant it: trimmed, with missing and blank both meaning "nothing". */
export function cleanText(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Optional text: blank becomes null so "not given" is stored one way only. */
export function optionalText(value: string | null | undefined): string | null {
  const text = cleanText(value);
  return text === '' ? null : text;
}

/** Lines or list entries, trimmed, blanks dropped, duplicates (case-insensitive) kept once. */
export function cleanList(values: readonly string[], { dedupe = false } = {}): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    const key = value.toLowerCase();
    if (dedupe && seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** Image references must be files this service serves (the page's CSP allows no other host). */
export function isUploadedImageUrl(value: string): boolean {
  return UPLOADED_IMAGE.test(value) && !value.includes('..');
}

/** The fields an update actually sent; the others keep their stored value. */
export function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Postgres text cannot hold NUL characters; a value carrying one is refused at the edge. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}
