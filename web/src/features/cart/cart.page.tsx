import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ShieldIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import { EmptyState } from '../../components/ui/empty-state';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { QuantityStepper } from '../store/quantity-stepper';
import type { CartItem } from './cart.api';
import {
  cartItemCount,
  cartSubtotal,
  isPurchasable,
  lineTotal,
  maxQuantity,
  unavailableText,
} from './cart-math';
import { ReturnIcon, TrashIcon, TruckIcon } from './commerce-icons';
import { useCart, useRemoveCartItem, useUpdateCartItem } from './use-cart';
import '../../components/ui/badge.css';
import './commerce.css';
import './cart.css';
import { OrderTotals } from './order-totals';
import { PriceChangeNotice } from './price-change-notice';

function CartLine({ item }: { item: CartItem }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  const flag = unavailableText(item);

  const changeQuantity = (quantity: number) =>
    update.mutate(
      { itemId: item._id, quantity },
      { onError: (error) => toast.error(getErrorMessage(error, 'Failed to update quantity')) },
    );

  const removeLine = () =>
    remove.mutate(item._id, {
      onSuccess: () => toast.success('Item removed from cart'),
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to remove item')),
    });

  return (
    <li className={`cart-line${flag ? ' cart-line--flagged' : ''}`} aria-busy={busy}>
      <Link
        className="cart-line__media"
        to={paths.product(item.product._id)}
        tabIndex={-1}
        aria-hidden="true"
      >
        <ImageWithFallback src={item.product.image} alt="" />
      </Link>
      <div className="cart-line__info">
        {/* h2: the lines come straight under the page's h1 (no skipped level); styled by class. */}
        <h2 className="cart-line__name">
          <Link to={paths.product(item.product._id)}>{item.product.name}</Link>
        </h2>
        <span className="cart-line__price">{formatINR(item.price)} each</span>
        {flag && <span className="cat-badge cat-badge--danger">{flag}</span>}
        {item.priceChanged && !flag && (
          <span className="cat-badge cat-badge--warning">
            Price changed: now {formatINR(item.product.price)}
          </span>
        )}
      </div>
      <QuantityStepper
        value={item.quantity}
        max={maxQuantity(item)}
        onChange={changeQuantity}
        disabled={busy || item.unavailableReason === 'deleted'}
        label={`Quantity of ${item.product.name}`}
      />
      <strong className="cart-line__total">{formatINR(lineTotal(item))}</strong>
      <button
        type="button"
        className="cart-line__remove"
        aria-label={`Remove ${item.product.name} from cart`}
        disabled={busy}
        onClick={removeLine}
      >
        <TrashIcon size={18} />
      </button>
    </li>
  );
}

function CartSummary({ items }: { items: CartItem[] }) {
  const subtotal = cartSubtotal(items);
  const blocked = items.some((item) => !isPurchasable(item));
  return (
    <aside className="order-card" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="order-card__title">
        Order Summary
      </h2>
      <OrderTotals
        subtotalLabel={`Subtotal (${cartItemCount(items.filter(isPurchasable))} items)`}
        subtotal={subtotal}
        total={subtotal}
      />
      <PriceChangeNotice items={items} />
      {blocked && (
        <p className="order-card__note" role="note">
          Remove the items marked unavailable to check out.
        </p>
      )}
      {blocked ? (
        <button type="button" className="btn btn--primary order-card__cta" disabled>
          Proceed to Checkout
        </button>
      ) : (
        <Link className="btn btn--primary order-card__cta" to={paths.checkout}>
          Proceed to Checkout
        </Link>
      )}
      <Link className="btn btn--ghost order-card__cta" to={paths.store}>
        Continue Shopping
      </Link>
    </aside>
  );
}

/** Marketing promises from the spec: display text only. */
function InfoTiles() {
  const tiles = [
    { icon: <TruckIcon size={24} />, title: 'Free Shipping', text: 'On orders over ₹999' },
    { icon: <ReturnIcon size={24} />, title: 'Easy Returns', text: '30-day return policy' },
    {
      icon: <ShieldIcon size={24} />,
      title: 'Secure Payment',
      text: 'Cash on delivery or secure online payment',
    },
  ];
  return (
    <ul className="info-tiles" aria-label="Why shop with us">
      {tiles.map((tile) => (
        <li key={tile.title} className="info-tile">
          {tile.icon}
          <div>
            <strong>{tile.title}</strong>
            <span>{tile.text}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function CartPage() {
  const cart = useCart();

  useEffect(() => {
    if (cart.error) toast.error(getErrorMessage(cart.error, 'Failed to load cart'));
  }, [cart.error]);

  const items = cart.data?.items ?? [];
  let body;
  if (cart.isPending) body = <PageLoader />;
  else if (cart.error && !cart.data)
    body = (
      <EmptyState title="Failed to load cart" message="Please try again in a moment.">
        <button type="button" className="btn btn--primary" onClick={() => void cart.refetch()}>
          Try Again
        </button>
      </EmptyState>
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        title="Your cart is empty"
        message="Oils, skin care and bath rituals are waiting in the store."
      >
        <Link className="btn btn--primary" to={paths.store}>
          Continue Shopping
        </Link>
      </EmptyState>
    );
  else
    body = (
      <div className="cart-layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {items.map((item) => (
            <CartLine key={item._id} item={item} />
          ))}
        </ul>
        <CartSummary items={items} />
      </div>
    );

  return (
    <section className="commerce-page container" aria-labelledby="cart-title">
      <PageTitle title="Your cart" />
      <header className="commerce-page__header">
        <span className="eyebrow">Store</span>
        <h1 id="cart-title">Your Cart</h1>
        {items.length > 0 && <p className="muted">{cartItemCount(items)} item(s) in your cart</p>}
      </header>
      {body}
      <InfoTiles />
    </section>
  );
}
