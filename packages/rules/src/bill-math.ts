/**
 * The bill arithmetic of the product spec (section 5), in integers so the billing service (stored
 * totals, the PDF) and the web form (live totals, the printed invoice) agree to the paisa:
 *
 * - money is integer paise (₹1 = 100 paise); rates (gst, discounts) are integer basis points
 *   (1% = 100 bp, so a rate with two decimals such as 18.25% is exactly 1825 bp);
 * - line total = amount × (1 + gst/100) × (1 − discount/100), where amount is the service price or
 *   quantity × unit price, computed exactly and then ROUNDED HALF UP TO THE PAISA, ONCE PER LINE;
 * - sub total = the sum of the (already rounded) line totals;
 * - discount amount = sub total × discountPercent/100, rounded half up to the paisa;
 * - total = sub total − discount amount + advance. The spec adds the advance (it is not subtracted),
 *   and this code does exactly that.
 *
 * Products of paise and two percentages outgrow 2^53, so intermediate products use BigInt. Inputs
 * outside the rules (negative, fractional, a discount above 100%) throw a RangeError: the billing
 * service validates at its edge and the form parses before it computes, so neither ever sends one.
 */

export type Paise = number;
export type BasisPoints = number;

/** 100% in basis points. */
export const FULL_RATE: BasisPoints = 10_000;
const FULL = BigInt(FULL_RATE);

function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

function assertRate(value: number, name: string): void {
  assertWhole(value, name);
  if (value > FULL_RATE) throw new RangeError(`${name} must be at most 100%`);
}

/** numerator / denominator rounded half up; both are non-negative. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A line's total with gst added and its discount taken off, rounded half up to the paisa. */
export function lineTotal(amount: Paise, gst: BasisPoints, discount: BasisPoints): Paise {
  assertWhole(amount, 'amount');
  assertWhole(gst, 'gst');
  assertRate(discount, 'discount');
  const exact = BigInt(amount) * (FULL + BigInt(gst)) * (FULL - BigInt(discount));
  return Number(divideRoundingHalfUp(exact, FULL * FULL));
}

/** A product line's amount before tax and discount: quantity × unit price (exact in paise). */
export function productAmount(quantity: number, unitPrice: Paise): Paise {
  assertWhole(quantity, 'quantity');
  assertWhole(unitPrice, 'unit price');
  return Number(BigInt(quantity) * BigInt(unitPrice));
}

/** A rate of an amount (the bill's overall discount of its sub total), rounded half up to the paisa. */
export function percentOf(amount: Paise, rate: BasisPoints): Paise {
  assertWhole(amount, 'amount');
  assertWhole(rate, 'percent');
  return Number(divideRoundingHalfUp(BigInt(amount) * BigInt(rate), FULL));
}

/**
 * How a line total splits on a tax invoice. The taxable value is the amount after the line discount,
 * rounded half up; the tax is what the line total holds beyond it, so taxable + cgst + sgst is always
 * exactly the line total. Intra-state supply: the tax is halved into CGST and SGST, and an odd paisa
 * goes to CGST.
 */
export interface LineTaxBreakdown {
  amount: Paise;
  discountAmount: Paise;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  total: Paise;
}

export function lineTaxBreakdown(amount: Paise, gst: BasisPoints, discount: BasisPoints): LineTaxBreakdown {
  const total = lineTotal(amount, gst, discount);
  const taxableValue = Number(divideRoundingHalfUp(BigInt(amount) * (FULL - BigInt(discount)), FULL));
  const tax = total - taxableValue;
  const sgst = Math.floor(tax / 2);
  return { amount, discountAmount: amount - taxableValue, taxableValue, cgst: tax - sgst, sgst, total };
}

/** The part of a bill's arithmetic that needs only rates and amounts. */
export interface PricedLine {
  /** Service price, or quantity × unit price for a product (productAmount). */
  amount: Paise;
  gst: BasisPoints;
  discount: BasisPoints;
}

export interface BillTotals {
  /** One per line, in the order given. */
  lineTotals: Paise[];
  subTotal: Paise;
  discountAmount: Paise;
  advance: Paise;
  totalPrice: Paise;
}

export function billTotals(
  lines: readonly PricedLine[],
  discountPercent: BasisPoints,
  advance: Paise,
): BillTotals {
  assertRate(discountPercent, 'discount percent');
  assertWhole(advance, 'advance');
  const lineTotals = lines.map((line) => lineTotal(line.amount, line.gst, line.discount));
  const subTotal = lineTotals.reduce((sum, total) => sum + total, 0);
  const discountAmount = percentOf(subTotal, discountPercent);
  return { lineTotals, subTotal, discountAmount, advance, totalPrice: subTotal - discountAmount + advance };
}

const TWO_DECIMALS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A non-negative decimal with at most two decimals, scaled by 100 exactly (rupees → paise, percent →
 * basis points); undefined for anything else. Works from the number's shortest decimal spelling, which
 * is what the client wrote (0.29 stays 29, never 28.999...). For validating what a client sends.
 */
export function toHundredths(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const match = TWO_DECIMALS.exec(String(value));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Rupees (or percent) that the billing API answered, already validated there, in paise (or basis
 * points): the nearest whole hundredth.
 */
export function roundToHundredths(value: number): number {
  return Math.round(value * 100);
}

/** Paise (or basis points) back to the API's rupees (or percent): a number with at most 2 decimals. */
export function fromHundredths(value: number): number {
  return value / 100;
}

/**
 * "12.5" → 1250 with scale 2: what a person typed, read exactly (no floating point). Null when the text
 * is not a non-negative number with at most `scale` decimals.
 */
export function parseScaledDecimal(text: string, scale = 2): number | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  if (fraction.length > scale) return null;
  const value = Number(whole || '0') * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}
