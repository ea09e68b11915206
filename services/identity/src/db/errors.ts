/** Whether a database error is a unique-constraint violation (Postgres 23505), through drizzle's wrapping. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint: violated } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || violated === constraint;
  }
  return false;
}
