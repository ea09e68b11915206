import { AppError, notFound, type Database } from '@spa/kit';
import {
  addToLine,
  addToLineIfUnchanged,
  cartLines,
  deleteLine,
  ensureCart,
  linesWith,
  lockCartWithLines,
  lockCartWithProduct,
  readCartWithProduct,
  setLine,
  setLineQuantity,
  type CartLine,
} from '../db/carts.repository.js';
import {
  assertQuantityInStock,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type MirroredProduct,
} from '../domain/cart.js';
import { paiseToRupees } from '../domain/money.js';

export interface CartView {
  id: string;
  userId: string;
  lines: CartLine[];
}

const cartItemNotFound = () => notFound('Cart item not found');

function assertQuantity(quantity: number): void {
  if (quantity < 1)
    throw new AppError(400, 'VALIDATION_FAILED', 'Quantity must be at least 1', [
      { field: 'quantity', message: 'Quantity must be at least 1' },
    ]);
  if (quantity > MAX_LINE_QUANTITY)
    throw new AppError(400, 'VALIDATION_FAILED', `Quantity cannot be more than ${MAX_LINE_QUANTITY}`, [
      { field: 'quantity', message: `Quantity cannot be more than ${MAX_LINE_QUANTITY}` },
    ]);
}

function buyable(product: MirroredProduct | undefined): MirroredProduct {
  if (!product || product.deleted) throw notFound('Product not found');
  return product;
}

export async function getCart(db: Database, userId: string): Promise<CartView> {
  const cart = await ensureCart(db, userId);
  return { id: cart.id, userId, lines: await cartLines(db, cart.id) };
}

/**
 * Adds a product (or more of one already in the cart) at its current price, never above its stock.
 * Adding to a line already in the cart is buying at today's price: the whole line takes it (so more
 * units never come at an old price).
 *
 * First without the cart's lock: read the cart, check, and write only if the cart is unchanged since
 * (two round trips where the locked way takes four). When the customer has no cart yet,
 * or another write came in between, the locked way decides.
 */
export async function addToCart(
  db: Database,
  userId: string,
  productId: string,
  quantity: number,
): Promise<{ cart: CartView; created: boolean }> {
  assertQuantity(quantity);
  const seen = await readCartWithProduct(db, userId, productId);
  if (seen) {
    const product = buyable(seen.product);
    const line = seen.lines.find((candidate) => candidate.productId === productId);
    const others = seen.lines.filter((candidate) => candidate !== line);
    checkAddition({ inserted: !line, others, quantity: (line?.quantity ?? 0) + quantity }, product);
    const written = await addToLineIfUnchanged(db, seen.cart, product, quantity);
    if (written)
      return {
        cart: { id: seen.cart.id, userId, lines: linesWith(others, written, product) },
        created: written.inserted,
      };
  }
  return db.transaction(async (tx) => {
    const { cart, product: found } = await lockCartWithProduct(tx, userId, productId);
    const product = buyable(found);
    // Written first, then checked: a refusal throws, and the transaction undoes the write.
    const { others, written, inserted } = await addToLine(tx, cart.id, product, quantity);
    checkAddition({ inserted, others, quantity: written.quantity }, product);
    return {
      cart: { id: cart.id, userId, lines: linesWith(others, written, product) },
      created: inserted,
    };
  });
}

/** The cart after an addition: at most MAX_CART_LINES products, the line's quantity allowed and in stock. */
function checkAddition(
  after: { inserted: boolean; others: CartLine[]; quantity: number },
  product: MirroredProduct,
): void {
  if (after.inserted && after.others.length >= MAX_CART_LINES)
    throw new AppError(
      422,
      'CART_FULL',
      `Your cart can hold at most ${MAX_CART_LINES} different products; check out or remove some first`,
    );
  assertQuantity(after.quantity);
  assertQuantityInStock(product, after.quantity);
}

export async function changeQuantity(
  db: Database,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<CartView> {
  assertQuantity(quantity);
  return db.transaction(async (tx) => {
    const { cart, lines } = await lockCartWithLines(tx, userId);
    // Postgres reads a uuid in either case; the lines carry its lowercase text.
    const line = lines.find((candidate) => candidate.id === itemId.toLowerCase());
    if (!line) throw cartItemNotFound();
    const product = line.product;
    if (!product || product.deleted)
      throw new AppError(
        409,
        'PRODUCT_UNAVAILABLE',
        'This product is no longer available; remove it from your cart',
      );
    // Lowering a quantity is always allowed, so a line over the current stock can be brought back within it.
    if (quantity > line.quantity) {
      assertQuantityInStock(product, quantity);
      // More units are never added at an old price: the customer accepts today's price first.
      if (product.pricePaise !== line.pricePaise) throw priceChanged(line, product);
    }
    await setLineQuantity(tx, line.id, quantity);
    return {
      id: cart.id,
      userId,
      lines: lines.map((candidate) => (candidate.id === line.id ? { ...candidate, quantity } : candidate)),
    };
  });
}

function priceChanged(
  line: Pick<CartLine, 'id' | 'productId' | 'quantity' | 'pricePaise'>,
  product: MirroredProduct,
): AppError {
  const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
  return new AppError(
    409,
    'PRICE_CHANGED',
    `The price of "${product.name}" changed from ${rupees(line.pricePaise)} to ${rupees(product.pricePaise)}; accept the new price to change the quantity`,
    [
      {
        itemId: line.id,
        productId: line.productId,
        name: product.name,
        problem: 'price_changed',
        quantity: line.quantity,
        available: product.stock,
        oldPrice: paiseToRupees(line.pricePaise),
        newPrice: paiseToRupees(product.pricePaise),
      },
    ],
  );
}

/**
 * POST /cart/accept-prices: the customer agrees to today's prices. Every line whose product is still
 * sold takes its current price (lines of deleted products stay flagged, as they were).
 */
export async function acceptPrices(db: Database, userId: string): Promise<CartView> {
  return db.transaction(async (tx) => {
    const { cart, lines } = await lockCartWithLines(tx, userId);
    const accepted: CartLine[] = [];
    for (const line of lines) {
      const product = line.product;
      if (product && !product.deleted && product.pricePaise !== line.pricePaise) {
        await setLine(tx, line.id, { pricePaise: product.pricePaise });
        accepted.push({ ...line, pricePaise: product.pricePaise });
      } else accepted.push(line);
    }
    return { id: cart.id, userId, lines: accepted };
  });
}

export async function removeFromCart(db: Database, userId: string, itemId: string): Promise<CartView> {
  return db.transaction(async (tx) => {
    const { cart, lines } = await lockCartWithLines(tx, userId);
    if (!(await deleteLine(tx, cart.id, itemId))) throw cartItemNotFound();
    return { id: cart.id, userId, lines: lines.filter((line) => line.id !== itemId.toLowerCase()) };
  });
}
