import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { upsertProduct } from '../../db/products.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps the product mirror: name, price, stock and images as the catalogue last announced them. */
export const productUpserted: EventHandler<typeof events.productUpserted> = async (tx, payload) => {
  const product = payload.product;
  if (!product || !UUID.test(product.id))
    throw new PermanentEventError('product event without a product uuid');
  await upsertProduct(tx, {
    id: product.id,
    name: product.name,
    pricePaise: Number(product.pricePaise),
    stock: product.stock,
    images: product.images,
    sourceUpdatedAtMs: Number(product.updatedAtMs),
  });
};
