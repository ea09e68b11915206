/**
 * The reports' date range: business days (YYYY-MM-DD) in the spa's zone, as billing reads them.
 * The spa's zone is India's fixed UTC+5:30, so a day is the UTC date of the instant moved by 5h30.
 */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;

export interface ReportRange {
  from: string;
  to: string;
}

export const businessDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The `days` business days ending today (today included). */
export function lastDays(days: number, now = Date.now()): ReportRange {
  const to = businessDate(now);
  return { from: new Date(dayMs(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

/** From the first of this month to today. */
export function thisMonth(now = Date.now()): ReportRange {
  const to = businessDate(now);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** What is wrong with a range the owner typed, or undefined (the server checks the same). */
export function rangeProblem({ from, to }: ReportRange): string | undefined {
  const valid = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(dayMs(date));
  if (!valid(from) || !valid(to)) return 'Choose both dates';
  if (dayMs(from) > dayMs(to)) return 'The start comes after the end';
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_RANGE_DAYS)
    return `At most ${MAX_RANGE_DAYS} days at a time`;
  return undefined;
}
