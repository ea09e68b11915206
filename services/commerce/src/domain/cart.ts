import { AppError } from '@spa/kit/errors';

/** Why a cart line cannot be bought as it stands; the line stays in the cart, flagged. */
export type UnavailableReason = 'deleted' | 'out_of_stock' | 'insufficient_stock';

export interface MirroredProduct {
  id: string;
  name: string;
  pricePaise: number;
  stock: number;
  images: string[];
  deleted: boolean;
  /** HSN code ('' when the catalogue gave none) and GST rate in basis points, for the order's invoice. */
  hsnCode: string;
  gstBp: number;
}

/** The most of one product a single cart line may hold, whatever the stock. */
export const MAX_LINE_QUANTITY = 1_000;

/** Different products in one cart: the catalogue reserves at most 100 lines per order. */
export const MAX_CART_LINES = 100;

export function unavailableReason(
  product: Pick<MirroredProduct, 'stock' | 'deleted'> | undefined,
  quantity: number,
): UnavailableReason | undefined {
  if (!product || product.deleted) return 'deleted';
  if (product.stock <= 0) return 'out_of_stock';
  if (quantity > product.stock) return 'insufficient_stock';
  return undefined;
}

/** A quantity that the product's stock cannot cover is refused with the numbers the customer needs. */
export function assertQuantityInStock(
  product: Pick<MirroredProduct, 'name' | 'stock'>,
  quantity: number,
): void {
  if (product.stock <= 0)
    throw new AppError(409, 'INSUFFICIENT_STOCK', `"${product.name}" is out of stock`, [
      { field: 'quantity', requested: quantity, available: 0 },
    ]);
  if (quantity > product.stock)
    throw new AppError(
      409,
      'INSUFFICIENT_STOCK',
      `Only ${product.stock} of "${product.name}" left in stock (asked for ${quantity})`,
      [{ field: 'quantity', requested: quantity, available: product.stock }],
    );
}
