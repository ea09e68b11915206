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

const ROOM_OVERLAP = 'appointments_room_no_overlap';
const EMPLOYEE_OVERLAP = 'appointments_employee_no_overlap';

/** Which exclusion constraint refused a write: the room's or the employee's, or neither. */
export function overlapRefused(error: unknown): 'room' | 'employee' | undefined {
  const pg = pgErrorOf(error);
  if (pg?.code !== '23P01') return undefined;
  if (pg.constraint === ROOM_OVERLAP) return 'room';
  if (pg.constraint === EMPLOYEE_OVERLAP) return 'employee';
  return undefined;
}

/**
 * The constraint that refused a write (an integrity violation: SQLSTATE class 23, e.g. an overlap or
 * a code already taken), or undefined for any other error.
 */
export function constraintRefused(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  return pg?.code?.startsWith('23') ? (pg.constraint ?? pg.code) : undefined;
}

/** Postgres broke a lock cycle by failing this statement; running it again is safe. */
export const isDeadlock = (error: unknown) => pgErrorOf(error)?.code === '40P01';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Appointment ids are uuids; anything else cannot name one (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);

/** `%` and `_` typed by a user are searched for literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
