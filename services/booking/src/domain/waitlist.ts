import { clock24Text } from '@spa/rules';

/** A customer may wait for this many days and treatments at once. */
export const MAX_WAITING_PER_CUSTOMER = 3;
/** Waiting entries looked at for each freed time (first come first served). */
export const OFFER_CANDIDATES = 20;

export interface WaitWindow {
  fromMinute: number;
  toMinute: number;
}

/** What is wrong with a window of starts on a day of these hours, or undefined. */
export function windowProblem(
  window: WaitWindow,
  hours: { openMinute: number; closeMinute: number },
  durationMinutes: number,
): string | undefined {
  if (window.fromMinute > window.toMinute) return 'The window must end after it starts.';
  const latestStart = hours.closeMinute - durationMinutes;
  if (window.toMinute < hours.openMinute || window.fromMinute > latestStart)
    return `The spa takes this treatment between ${clock24Text(hours.openMinute)} and ${clock24Text(latestStart)} that day.`;
  return undefined;
}

/** The starts (local minutes) of a day's bookable ones that fall in the window, earliest first. */
export function startsInWindow<T extends { minute: number }>(starts: readonly T[], window: WaitWindow): T[] {
  return starts
    .filter(({ minute }) => minute >= window.fromMinute && minute <= window.toMinute)
    .sort((a, b) => a.minute - b.minute);
}

/**
 * The room choice to hold among those free at a start: the one the customer's freed time was in when
 * it is free, else the least expensive (the customer never chose one: the wizard asks for the room after
 * the time). Answers the choice key ("Gold|Double Bed") and its price, or undefined when none is priced.
 */
export function roomChoiceToHold(
  freeChoices: readonly string[],
  priceOf: ReadonlyMap<string, number>,
  preferredType?: string,
): { key: string; pricePaise: number } | undefined {
  const priced = freeChoices
    .filter((key) => priceOf.has(key))
    .map((key) => ({ key, pricePaise: priceOf.get(key)! }));
  if (priced.length === 0) return undefined;
  const preferred = preferredType ? priced.filter(({ key }) => key.split('|')[0] === preferredType) : [];
  const pool = preferred.length > 0 ? preferred : priced;
  return pool.reduce((best, each) => (each.pricePaise < best.pricePaise ? each : best));
}
