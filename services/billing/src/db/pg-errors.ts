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

/**
 * The constraint that refused a write (an integrity violation: SQLSTATE class 23, e.g. an invoice
 * number another bill holds, or amounts a check refuses), or undefined for any other error.
 */
export function integrityRefused(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  return pg?.code?.startsWith('23') ? (pg.constraint ?? pg.code) : undefined;
}
