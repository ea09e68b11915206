import { PermanentEventError, type BatchEventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { DEFAULT_PRODUCT_GST_BP } from '@spa/rules';
import { upsertProducts, type ProductState } from '../../db/products.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps the product mirror: name, price, stock, images and tax codes (HSN, GST rate: 18% when the
 * catalogue sets none) as the catalogue last announced them. A run of announcements (one per order
 * that took stock) is applied by one statement (upsertProducts).
 */
export const productsUpserted: BatchEventHandler<typeof events.productUpserted> = async (tx, payloads) => {
  const states: ProductState[] = payloads.map(({ product }) => {
    if (!product || !UUID.test(product.id))
      throw new PermanentEventError('product event without a product uuid');
    return {
      id: product.id,
      name: product.name,
      pricePaise: Number(product.pricePaise),
      stock: product.stock,
      images: product.images,
      hsnCode: product.hsnCode,
      gstBp: product.gstBp ?? DEFAULT_PRODUCT_GST_BP,
      sourceUpdatedAtMs: Number(product.updatedAtMs),
    };
  });
  await upsertProducts(tx, states);
};
