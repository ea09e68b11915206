import { AppError } from '@spa/kit/errors';
import { paiseToRupees } from './money.js';

/** A cart line as checkout sends it to the catalogue. */
export interface CheckedLine {
  id: string;
  productId: string;
  name: string;
  quantity: number;
  /** The price at addition, in paise: what the customer agreed to. */
  pricePaise: number;
}

/** One line the catalogue refused, as the catalogue names it. */
export interface RefusedLine {
  productId: string;
  problem: 'price_changed' | 'unavailable' | 'insufficient_stock';
  name?: string;
  requested: number;
  available: number;
  currentPricePaise?: number;
}

/** What the customer is told about one cart line that cannot be ordered as it stands (rupees). */
export interface LineProblem {
  itemId: string;
  productId: string;
  name: string;
  problem: RefusedLine['problem'];
  quantity: number;
  available: number;
  oldPrice: number;
  /** Today's price; absent when the product is gone. */
  newPrice?: number;
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** The catalogue's refusal told in the customer's cart lines: which line, its old and new price. */
export function lineProblems(lines: readonly CheckedLine[], refused: readonly RefusedLine[]): LineProblem[] {
  const byProduct = new Map(lines.map((line) => [line.productId.toLowerCase(), line]));
  const problems: LineProblem[] = [];
  for (const problem of refused) {
    const line = byProduct.get(problem.productId.toLowerCase());
    if (!line) continue;
    problems.push({
      itemId: line.id,
      productId: line.productId,
      name: problem.name ?? line.name,
      problem: problem.problem,
      quantity: line.quantity,
      available: problem.available,
      oldPrice: paiseToRupees(line.pricePaise),
      ...(problem.currentPricePaise === undefined
        ? {}
        : { newPrice: paiseToRupees(problem.currentPricePaise) }),
    });
  }
  return problems;
}

/** The cart's total in paise with every changed line at today's price. */
export function totalAtTodaysPrices(lines: readonly CheckedLine[], refused: readonly RefusedLine[]): number {
  const today = new Map(
    refused
      .filter((problem) => problem.problem === 'price_changed' && problem.currentPricePaise !== undefined)
      .map((problem) => [problem.productId.toLowerCase(), problem.currentPricePaise!]),
  );
  return lines.reduce(
    (sum, line) => sum + (today.get(line.productId.toLowerCase()) ?? line.pricePaise) * line.quantity,
    0,
  );
}

/**
 * The 409 for a checkout the catalogue refused: PRICE_CHANGED names the changed lines and the new
 * total (the customer accepts the new prices, then orders again); INSUFFICIENT_STOCK and
 * PRODUCT_UNAVAILABLE keep the catalogue's message. `details` lists every line concerned.
 */
export function checkoutRefusal(
  code: string,
  catalogueMessage: string,
  lines: readonly CheckedLine[],
  refused: readonly RefusedLine[],
): AppError {
  const details = lineProblems(lines, refused);
  if (code !== 'PRICE_CHANGED') return new AppError(409, code, catalogueMessage, details);
  const changed = details.filter((line) => line.problem === 'price_changed');
  const names = changed.map(
    (line) =>
      `"${line.name}" (${rupees(Math.round(line.oldPrice * 100))} → ${rupees(Math.round(line.newPrice! * 100))})`,
  );
  const message = `${changed.length === 1 ? 'A price' : 'Prices'} in your cart changed since you added ${
    changed.length === 1 ? 'it' : 'them'
  }: ${names.join(', ')}. The new total is ${rupees(totalAtTodaysPrices(lines, refused))}; accept the new prices to place your order.`;
  return new AppError(409, 'PRICE_CHANGED', message, details);
}
