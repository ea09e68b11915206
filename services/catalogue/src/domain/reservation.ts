import { AppError } from '@spa/kit/errors';

export interface ReservationItem {
  productId: string;
  quantity: number;
}

/** A line as commerce asks for it: optionally with the unit price the customer agreed to. */
export interface RequestedReservationItem extends ReservationItem {
  unitPricePaise?: number;
}

/** A product as the reservation sees it, locked, inside its transaction. */
export interface ProductForReservation {
  id: string;
  name: string;
  pricePaise: number;
  stock: number;
}

/** Why one line of a reservation cannot be taken as asked. */
export interface ReservationProblem {
  productId: string;
  problem: 'price_changed' | 'unavailable' | 'insufficient_stock';
  name?: string;
  requested: number;
  available: number;
  /** The price the customer agreed to, when one was given. */
  unitPricePaise?: number;
  /** Today's price, when the product still exists. */
  currentPricePaise?: number;
}

/**
 * The agreed unit price of each product (the first one given when a product is split over lines), keyed
 * like normaliseReservationItems' lines.
 */
export function agreedPrices(items: readonly RequestedReservationItem[]): Map<string, number> {
  const prices = new Map<string, number>();
  for (const { productId, unitPricePaise } of items) {
    const id = productId.toLowerCase();
    if (unitPricePaise !== undefined && !prices.has(id)) prices.set(id, unitPricePaise);
  }
  return prices;
}

/**
 * Every line that cannot be reserved as asked: its product is gone, its price is not the agreed one,
 * or its stock is below the quantity. A line may have a changed price and too little stock at once;
 * it is reported once, as price_changed, with both numbers.
 */
export function reservationProblems(
  lines: readonly ReservationItem[],
  prices: ReadonlyMap<string, number>,
  products: readonly ProductForReservation[],
): ReservationProblem[] {
  const byId = new Map(products.map((product) => [product.id.toLowerCase(), product]));
  const problems: ReservationProblem[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    const agreed = prices.get(line.productId);
    const price = agreed === undefined ? {} : { unitPricePaise: agreed };
    if (!product) {
      problems.push({
        productId: line.productId,
        problem: 'unavailable',
        requested: line.quantity,
        available: 0,
        ...price,
      });
      continue;
    }
    const known = {
      productId: line.productId,
      name: product.name,
      requested: line.quantity,
      available: product.stock,
      ...price,
      currentPricePaise: product.pricePaise,
    };
    if (agreed !== undefined && agreed !== product.pricePaise)
      problems.push({ ...known, problem: 'price_changed' });
    else if (product.stock < line.quantity) problems.push({ ...known, problem: 'insufficient_stock' });
  }
  return problems;
}

/**
 * One line per product (quantities of repeated lines added up), in product-id order: every
 * reservation then locks product rows in the same order, so two of them can never deadlock.
 */
export function normaliseReservationItems(items: readonly ReservationItem[]): ReservationItem[] {
  const totals = new Map<string, number>();
  for (const { productId, quantity } of items) {
    const id = productId.toLowerCase();
    totals.set(id, (totals.get(id) ?? 0) + quantity);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => ({ productId, quantity }));
}

export function sameReservationItems(a: readonly ReservationItem[], b: readonly ReservationItem[]): boolean {
  const left = normaliseReservationItems(a);
  const right = normaliseReservationItems(b);
  return (
    left.length === right.length &&
    left.every(
      (item, index) => item.productId === right[index]!.productId && item.quantity === right[index]!.quantity,
    )
  );
}

/** The refusal of an unpriced line the stock could not cover (or whose product is gone). */
export function insufficientStock(
  line: ReservationItem,
  product: { name: string; stock: number } | undefined,
): AppError {
  if (!product)
    return new AppError(404, 'PRODUCT_NOT_FOUND', 'A product in this order no longer exists', [
      { productId: line.productId },
    ]);
  const message =
    product.stock === 0
      ? `"${product.name}" is out of stock`
      : `Only ${product.stock} of "${product.name}" left in stock (asked for ${line.quantity})`;
  return new AppError(409, 'INSUFFICIENT_STOCK', message, [
    { productId: line.productId, name: product.name, requested: line.quantity, available: product.stock },
  ]);
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * The one refusal for a priced reservation, listing every line that cannot be taken as asked: a
 * changed price wins (the customer must agree to the new one), then a product that is gone, then stock.
 */
export function reservationRefusal(problems: ReservationProblem[]): AppError {
  const changed = problems.filter((line) => line.problem === 'price_changed');
  if (changed.length > 0) {
    const first = changed[0]!;
    const message =
      changed.length === 1
        ? `The price of "${first.name}" changed from ${rupees(first.unitPricePaise!)} to ${rupees(first.currentPricePaise!)}`
        : `The prices of ${changed.length} products changed`;
    return new AppError(409, 'PRICE_CHANGED', message, problems);
  }
  const gone = problems.find((line) => line.problem === 'unavailable');
  if (gone)
    return new AppError(404, 'PRODUCT_NOT_FOUND', 'A product in this order no longer exists', problems);
  const short = problems[0]!;
  const message =
    short.available === 0
      ? `"${short.name}" is out of stock`
      : `Only ${short.available} of "${short.name}" left in stock (asked for ${short.requested})`;
  return new AppError(409, 'INSUFFICIENT_STOCK', message, problems);
}
