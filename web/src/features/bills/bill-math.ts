/**
 * The bill arithmetic of the spec, in integer paise and basis points so the form's live totals agree with
 * the billing service's to the paisa (the service computes the stored totals; this mirrors its rules):
 *
 *   line total = amount × (1 + gst/100) × (1 − discount/100), rounded half up to the paisa, per line
 *   sub total  = sum of the line totals
 *   discount   = sub total × discountPercent/100, rounded half up
 *   total      = sub total − discount + advance (the spec adds the advance)
 *
 * A percentage is held in basis points (5% = 500, 0.01% = 1); an amount in paise (₹1 = 100).
 * Products of paise and two percentages outgrow 2^53, so the one division is done in BigInt.
 */

export const BASIS_POINTS_PER_WHOLE = 10_000;
const PAISE_PER_RUPEE = 100;

export interface ServiceLineAmounts {
  pricePaise: number;
  gstBasisPoints: number;
  discountBasisPoints: number;
}

export interface ProductLineAmounts {
  quantity: number;
  unitPricePaise: number;
  gstBasisPoints: number;
  discountBasisPoints: number;
}

export interface BillTotalsInput {
  services: readonly ServiceLineAmounts[];
  products: readonly ProductLineAmounts[];
  discountPercentBasisPoints: number;
  advancePaise: number;
}

export interface BillTotals {
  serviceLineTotalsPaise: number[];
  productLineTotalsPaise: number[];
  subTotalPaise: number;
  discountPaise: number;
  advancePaise: number;
  totalPaise: number;
}

/** numerator / denominator rounded half up; both non-negative. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

/** amount × (1 + gst) × (1 − discount), rounded half up to the paisa. */
export function lineTotalPaise(
  amountPaise: number,
  gstBasisPoints: number,
  discountBasisPoints: number,
): number {
  assertNonNegativeInteger(amountPaise, 'amount');
  assertNonNegativeInteger(gstBasisPoints, 'gst');
  assertNonNegativeInteger(discountBasisPoints, 'discount');
  if (discountBasisPoints > BASIS_POINTS_PER_WHOLE) throw new RangeError('discount must be at most 100%');
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  const numerator =
    BigInt(amountPaise) * (whole + BigInt(gstBasisPoints)) * (whole - BigInt(discountBasisPoints));
  return Number(divideRoundingHalfUp(numerator, whole * whole));
}

/**
 * How a line total splits on a tax invoice, as the billing service prints it: the taxable value is the
 * amount after the line discount, rounded half up; the tax is what the line total holds beyond it, so
 * taxable + CGST + SGST is exactly the line total. Intra-state supply halves the tax into CGST and SGST;
 * an odd paisa goes to CGST.
 */
export interface LineTaxBreakdown {
  amountPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

export function lineTaxBreakdown(
  amountPaise: number,
  gstBasisPoints: number,
  discountBasisPoints: number,
): LineTaxBreakdown {
  const totalPaise = lineTotalPaise(amountPaise, gstBasisPoints, discountBasisPoints);
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  const taxablePaise = Number(
    divideRoundingHalfUp(BigInt(amountPaise) * (whole - BigInt(discountBasisPoints)), whole),
  );
  const taxPaise = totalPaise - taxablePaise;
  const sgstPaise = Math.floor(taxPaise / 2);
  return {
    amountPaise,
    discountPaise: amountPaise - taxablePaise,
    taxablePaise,
    cgstPaise: taxPaise - sgstPaise,
    sgstPaise,
    totalPaise,
  };
}

export function serviceLineTotalPaise(line: ServiceLineAmounts): number {
  return lineTotalPaise(line.pricePaise, line.gstBasisPoints, line.discountBasisPoints);
}

export function productLineTotalPaise(line: ProductLineAmounts): number {
  assertNonNegativeInteger(line.quantity, 'quantity');
  assertNonNegativeInteger(line.unitPricePaise, 'unit price');
  return lineTotalPaise(line.quantity * line.unitPricePaise, line.gstBasisPoints, line.discountBasisPoints);
}

/** subTotal × percent, rounded half up. */
export function percentOfPaise(amountPaise: number, percentBasisPoints: number): number {
  assertNonNegativeInteger(amountPaise, 'amount');
  assertNonNegativeInteger(percentBasisPoints, 'percent');
  return Number(
    divideRoundingHalfUp(BigInt(amountPaise) * BigInt(percentBasisPoints), BigInt(BASIS_POINTS_PER_WHOLE)),
  );
}

export function billTotals(input: BillTotalsInput): BillTotals {
  assertNonNegativeInteger(input.advancePaise, 'advance');
  if (input.discountPercentBasisPoints > BASIS_POINTS_PER_WHOLE)
    throw new RangeError('discount percent must be at most 100%');
  const serviceLineTotalsPaise = input.services.map(serviceLineTotalPaise);
  const productLineTotalsPaise = input.products.map(productLineTotalPaise);
  const subTotalPaise = [...serviceLineTotalsPaise, ...productLineTotalsPaise].reduce((a, b) => a + b, 0);
  const discountPaise = percentOfPaise(subTotalPaise, input.discountPercentBasisPoints);
  return {
    serviceLineTotalsPaise,
    productLineTotalsPaise,
    subTotalPaise,
    discountPaise,
    advancePaise: input.advancePaise,
    totalPaise: subTotalPaise - discountPaise + input.advancePaise,
  };
}

/**
 * "12.5" → 1250 with scale 2. Exact decimal parsing (no floating point): null when the text is not a
 * non-negative number with at most `scale` decimals.
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

/** Rupees as the API carries them (a number with up to 2 decimals) → paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Paise → rupees for the API and the formatters (exact: an integer divided by 100). */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** A percentage as the API carries it (5, 2.5, 0.01) → basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
