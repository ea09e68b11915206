/**
 * The counter's arithmetic, shared by commerce (the sale it stores), billing (the invoice it issues) and
 * the web (the totals the desk sees while it builds the sale), so all three agree to the paisa.
 *
 * - Prices are tax-inclusive, as the catalogue lists them and the store charges them: a line's total
 *   is what the customer pays for it; billing splits it into its taxable value and GST.
 * - A line's gross is quantity × unit price; its own discount (paise) comes off first, then its share
 *   of the sale's discount. The sale's discount is shared over the taxable lines in proportion to what
 *   is left of each (largest remainder, ties to the earlier line), never over a tip: GST is charged on
 *   the value after a discount given on the invoice (CGST Act s.15(3)(a)).
 * - A tip is the therapist's: no GST, outside the taxable value, never discounted.
 * - Taxable value = total × 10000 / (10000 + rate), rounded half up to the paisa; tax = total − taxable.
 *   Inside the spa's state the tax is CGST + SGST, CGST taking the odd paisa (as bill-math does);
 *   to another state it is IGST.
 */
import type { BasisPoints, Paise } from './bill-math.js';

export type SaleLineKind = 'service' | 'product' | 'addon' | 'tip';

export interface SaleLineInput {
  kind: SaleLineKind;
  quantity: number;
  unitPrice: Paise;
  /** This line's own discount, in paise. */
  lineDiscount: Paise;
  gstBp: BasisPoints;
}

export interface PricedSaleLine extends SaleLineInput {
  gross: Paise;
  saleDiscountShare: Paise;
  total: Paise;
}

export interface SaleTotals {
  lines: PricedSaleLine[];
  /** Sum of line totals, tips included. */
  total: Paise;
  tip: Paise;
  /** Line discounts plus the sale's discount. */
  discount: Paise;
  /** Gross of the discountable (non-tip) lines: what a discount is measured against. */
  discountableGross: Paise;
}

/** A sale's input the desk may not send; each message names the problem for the person at the desk. */
export class SaleInputError extends RangeError {
  override name = 'SaleInputError';
}

function whole(value: number, name: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max)
    throw new SaleInputError(`${name} must be a whole number from 0 to ${max}`);
}

const half = (numerator: bigint, denominator: bigint): bigint =>
  (numerator * 2n + denominator) / (denominator * 2n);

/** Shares `amount` over `weights` in proportion (largest remainder; ties to the earlier weight). */
export function apportion(amount: Paise, weights: readonly Paise[]): Paise[] {
  whole(amount, 'amount');
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (amount === 0 || sum === 0) return weights.map(() => 0);
  if (amount > sum) throw new SaleInputError('A discount cannot be more than what it is taken from');
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((value) => value / BigInt(sum));
  let left = amount - shares.reduce((total, share) => total + Number(share), 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = shares[index]! + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

export function priceSale(lines: readonly SaleLineInput[], saleDiscount: Paise): SaleTotals {
  whole(saleDiscount, 'The sale discount');
  const withGross = lines.map((line) => {
    whole(line.quantity, 'Quantity', 1000);
    if (line.quantity === 0) throw new SaleInputError('Quantity must be at least 1');
    whole(line.unitPrice, 'A price');
    whole(line.lineDiscount, 'A line discount');
    whole(line.gstBp, 'A GST rate', 10_000);
    const gross = line.quantity * line.unitPrice;
    if (!Number.isSafeInteger(gross)) throw new SaleInputError('A line is too large');
    if (line.kind === 'tip' && (line.lineDiscount > 0 || line.gstBp > 0))
      throw new SaleInputError('A tip carries no discount and no GST');
    if (line.lineDiscount > gross) throw new SaleInputError('A line discount cannot be more than the line');
    return { ...line, gross };
  });
  const discountable = withGross.map((line) => (line.kind === 'tip' ? 0 : line.gross - line.lineDiscount));
  const discountableLeft = discountable.reduce((total, value) => total + value, 0);
  if (saleDiscount > discountableLeft)
    throw new SaleInputError('The sale discount cannot be more than what is left to pay for the items');
  const shares = apportion(saleDiscount, discountable);
  const priced = withGross.map((line, index) => ({
    ...line,
    saleDiscountShare: shares[index]!,
    total: line.gross - line.lineDiscount - shares[index]!,
  }));
  return {
    lines: priced,
    total: priced.reduce((total, line) => total + line.total, 0),
    tip: priced.filter((line) => line.kind === 'tip').reduce((total, line) => total + line.total, 0),
    discount: priced.reduce((total, line) => total + line.lineDiscount + line.saleDiscountShare, 0),
    discountableGross: withGross
      .filter((line) => line.kind !== 'tip')
      .reduce((total, line) => total + line.gross, 0),
  };
}

export interface InclusiveTax {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** Splits a tax-inclusive total into taxable value and GST, within the state (CGST+SGST) or across (IGST). */
export function splitInclusive(total: Paise, gstBp: BasisPoints, intraState: boolean): InclusiveTax {
  whole(total, 'A total');
  whole(gstBp, 'A GST rate', 10_000);
  const taxable = Number(half(BigInt(total) * 10_000n, BigInt(10_000 + gstBp)));
  const tax = total - taxable;
  if (!intraState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { taxable, cgst: tax - sgst, sgst, igst: 0 };
}

/** A cashier's discount as a share of the items' gross, in basis points (rounded up: 10.01% is over 10%). */
export function discountShareBp(discount: Paise, gross: Paise): BasisPoints {
  if (discount <= 0) return 0;
  if (gross <= 0) return 10_000;
  return Number((BigInt(discount) * 10_000n + BigInt(gross) - 1n) / BigInt(gross));
}

/** The most each role may give without a manager's approval, in basis points of the items' gross. */
export interface DiscountLimits {
  employee: BasisPoints;
  admin: BasisPoints;
}

/** Ten percent for the desk; an admin (the owner, a manager) gives any discount. */
export const DEFAULT_DISCOUNT_LIMITS: DiscountLimits = { employee: 1_000, admin: 10_000 };

export function discountNeedsApproval(
  role: string,
  discount: Paise,
  gross: Paise,
  limits: DiscountLimits = DEFAULT_DISCOUNT_LIMITS,
): boolean {
  const limit = role === 'admin' ? limits.admin : role === 'employee' ? limits.employee : 0;
  return discountShareBp(discount, gross) > limit;
}

/** Cash: what comes back to the customer, or why the cash is not enough. */
export function changeDue(amountDue: Paise, cashReceived: Paise): Paise {
  whole(amountDue, 'The amount');
  whole(cashReceived, 'Cash received');
  if (cashReceived < amountDue) throw new SaleInputError('Cash received is less than the amount taken');
  return cashReceived - amountDue;
}
