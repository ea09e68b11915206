/** India has one time zone, UTC+05:30, and no daylight saving, so a month's bounds are a fixed shift. */
const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60_000;

export interface MonthBounds {
  lastMonthStart: Date;
  thisMonthStart: Date;
  nextMonthStart: Date;
}

/** The calendar months (in Asia/Kolkata) around an instant, as UTC instants. */
export function kolkataMonthBounds(now: Date): MonthBounds {
  const local = new Date(now.getTime() + KOLKATA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const startOf = (y: number, m: number) => new Date(Date.UTC(y, m, 1) - KOLKATA_OFFSET_MS);
  return {
    lastMonthStart: startOf(year, month - 1),
    thisMonthStart: startOf(year, month),
    nextMonthStart: startOf(year, month + 1),
  };
}

/**
 * This month's revenue against last month's, in percent with one decimal. With nothing last month
 * there is no ratio: 0 when this month is empty too, 100 when it is not.
 */
export function growthRate(thisMonthPaise: number, lastMonthPaise: number): number {
  if (lastMonthPaise === 0) return thisMonthPaise > 0 ? 100 : 0;
  return Math.round(((thisMonthPaise - lastMonthPaise) / lastMonthPaise) * 1000) / 10;
}
