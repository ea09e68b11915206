/**
 * Money is integer paise inside (columns, events, provider calls) and rupees as a JSON number with at
 * most two decimals outside (1499.5 means ₹1,499.50). Floats never reach a column.
 */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * The amount the payment provider is asked for: the price times 100, rounded (spec section 9), i.e.
 * the smallest currency unit.
 */
export function providerAmount(totalRupees: number): number {
  return Math.round(totalRupees * 100);
}
