export interface ReservationItem {
  productId: string;
  quantity: number;
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
