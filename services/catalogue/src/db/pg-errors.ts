interface PgError {
  code?: string;
  constraint?: string;
}

/** Drizzle wraps driver errors; the Postgres error (with its code and constraint) is the cause. */
function pgErrorOf(error: unknown): PgError | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a row (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `%` and `_` typed by a user are searched for literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
