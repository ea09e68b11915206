/**
 * Money is stored and sent on the bus as integer paise; the API speaks rupees as numbers with at
 * most two decimals (1499.5 means ₹1,499.50). Floats never reach a column.
 */
const MAX_PRICE_RUPEES = 10_000_000;

export function hasAtMostTwoDecimals(rupees: number): boolean {
  const scaled = rupees * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Answers the problem with a price as the user should read it, or undefined when it is fine. */
export function priceProblem(rupees: number, field = 'Price'): string | undefined {
  if (!Number.isFinite(rupees)) return `${field} must be a number`;
  if (rupees < 0) return `${field} cannot be negative`;
  if (rupees > MAX_PRICE_RUPEES) return `${field} cannot be more than ${MAX_PRICE_RUPEES}`;
  if (!hasAtMostTwoDecimals(rupees)) return `${field} can have at most 2 decimal places`;
  return undefined;
}
