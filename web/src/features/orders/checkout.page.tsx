import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LockIcon, MapPinIcon, PlusIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { browserStorage } from '../../stores/session-storage';
import { toast } from '../../stores/toast.store';
import { AddressFormDialog } from '../addresses/address-form-dialog';
import { addressLine } from '../addresses/address-form.rules';
import type { Address } from '../addresses/addresses.api';
import { useAddresses } from '../addresses/use-addresses';
import { cartKeys, type CartItem } from '../cart/cart.api';
import { cartSubtotal, changedPriceLines, isPurchasable, lineTotal, orderTotals } from '../cart/cart-math';
import { CardIcon, CashIcon } from '../cart/commerce-icons';
import { useCart } from '../cart/use-cart';
import { EmptyState } from '../../components/ui/empty-state';
import { usePaymentService, useOnlinePayment, type PaymentService } from './online-payment';
import { orderKeys, placeOrder, type PaymentMethod } from './orders.api';
import { rememberProviderOrder } from './pending-payments';
import '../cart/commerce.css';
import './orders.css';
import { OrderTotals } from '../cart/order-totals';
import { PriceChangeNotice } from '../cart/price-change-notice';

/** Spec: "Appointment Booking" for a line that stands for a booked treatment, with its id when known. */
function lineName(item: CartItem): { name: string; appointmentId?: string } {
  if (!item.appointment) return { name: item.product.name };
  const appointmentId =
    typeof item.appointment === 'string'
      ? item.appointment
      : (item.appointment.appointmentId ?? item.appointment._id);
  return { name: 'Appointment Booking', appointmentId };
}

function AddressSelector({
  addresses,
  selectedId,
  onSelect,
}: {
  addresses: Address[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="commerce-panel" aria-labelledby="checkout-address-title">
      <div className="checkout-panel__header">
        <h2 id="checkout-address-title" className="commerce-panel__title">
          <MapPinIcon size={20} /> Shipping Address
        </h2>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAdding(true)}>
          <PlusIcon size={16} /> Add New Address
        </button>
      </div>
      {addresses.length === 0 ? (
        <p className="muted">No saved addresses yet. Add one to deliver your order.</p>
      ) : (
        <div className="choice-list" role="radiogroup" aria-label="Shipping address">
          {addresses.map((address) => (
            <label key={address._id} className="choice">
              <input
                type="radio"
                name="address"
                value={address._id}
                checked={address._id === selectedId}
                onChange={() => onSelect(address._id)}
              />
              <span className="choice__body">
                <span className="choice__title">
                  {address.fullName} <span className="choice__tag">{address.label}</span>
                </span>
                <span className="choice__text">{addressLine(address)}</span>
                <span className="choice__text">Phone: {address.phone}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      <AddressFormDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => onSelect(saved._id)}
      />
    </section>
  );
}

function PaymentChoice({
  method,
  onChange,
  service,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  service: PaymentService;
}) {
  const onlineReady = service.status === 'ready';
  return (
    <section className="commerce-panel" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="commerce-panel__title">
        <LockIcon size={20} /> Payment Method
      </h2>
      <div className="choice-list" role="radiogroup" aria-label="Payment method">
        <label className="choice">
          <input
            type="radio"
            name="payment"
            value="COD"
            checked={method === 'COD'}
            onChange={() => onChange('COD')}
          />
          <CashIcon size={24} className="choice__icon" />
          <span className="choice__body">
            <span className="choice__title">Cash on Delivery</span>
            <span className="choice__text">Pay when your order arrives.</span>
          </span>
        </label>
        <label className={`choice${onlineReady ? '' : ' choice--disabled'}`}>
          <input
            type="radio"
            name="payment"
            value="ONLINE"
            checked={method === 'ONLINE'}
            disabled={!onlineReady}
            onChange={() => onChange('ONLINE')}
          />
          <CardIcon size={24} className="choice__icon" />
          <span className="choice__body">
            <span className="choice__title">Pay Online</span>
            <span className="choice__text">
              {service.status === 'ready'
                ? 'Cards, UPI and netbanking through our secure payment partner.'
                : service.status === 'loading'
                  ? 'Loading the payment service…'
                  : 'Payment service not available'}
            </span>
          </span>
        </label>
      </div>
    </section>
  );
}

function OrderSummary({
  items,
  method,
  busy,
  onPlace,
}: {
  items: CartItem[];
  method: PaymentMethod;
  busy: boolean;
  onPlace: () => void;
}) {
  const totals = orderTotals(cartSubtotal(items));
  // The server refuses an order at an old price (409 PRICE_CHANGED): the shopper accepts today's first.
  const pricesChanged = changedPriceLines(items).length > 0;
  const idleLabel = method === 'ONLINE' ? 'Pay Now' : 'Place Order';
  const busyLabel = method === 'ONLINE' ? 'Processing...' : 'Placing Order...';
  return (
    <aside className="order-card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="order-card__title">
        Order Summary
      </h2>
      <ul className="summary-lines" aria-label="Items">
        {items.map((item) => {
          const { name, appointmentId } = lineName(item);
          return (
            <li key={item._id} className="summary-line">
              <span>
                {name}
                {appointmentId && <small className="muted"> · {appointmentId}</small>}
                <small className="summary-line__qty">
                  {item.quantity} × {formatINR(item.price)}
                  {item.priceChanged && <> (now {formatINR(item.product.price)})</>}
                </small>
              </span>
              <strong>{formatINR(lineTotal(item))}</strong>
            </li>
          );
        })}
      </ul>
      <h3 className="order-card__subtitle">Order Details</h3>
      <OrderTotals subtotal={totals.subtotal} tax={totals.tax} total={totals.total} />
      <PriceChangeNotice items={items} />
      <button
        type="button"
        className="btn btn--primary order-card__cta"
        disabled={busy || pricesChanged}
        onClick={onPlace}
      >
        {busy ? busyLabel : idleLabel}
      </button>
      <Link className="btn btn--ghost order-card__cta" to={paths.cart}>
        Back to Cart
      </Link>
    </aside>
  );
}

export default function CheckoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const addresses = useAddresses();
  const service = usePaymentService();
  const payOnline = useOnlinePayment();
  const [chosenAddressId, setChosenAddressId] = useState<string>();
  const [method, setMethod] = useState<PaymentMethod>('COD');
  const [busy, setBusy] = useState(false);

  const loadError = cart.error ?? addresses.error;
  useEffect(() => {
    if (loadError) toast.error('Failed to load cart/address data');
  }, [loadError]);

  // The payment service can go away after Online was chosen (a failed script load): fall back to cash.
  if (method === 'ONLINE' && service.status === 'unavailable') setMethod('COD');

  const items = cart.data?.items ?? [];
  // The server refuses an order while a line is flagged (deleted, sold out): the cart is where to fix it.
  const blocked = items.some((item) => !isPurchasable(item));
  const list = addresses.data ?? [];
  // The first saved address is chosen until the shopper picks another (or the chosen one is deleted).
  const selected = list.find((address) => address._id === chosenAddressId) ?? list[0];

  const place = async () => {
    if (items.length === 0) return toast.error('Your cart is empty');
    if (!selected) return toast.error('Please select or add an address');
    if (method === 'ONLINE' && service.status !== 'ready')
      return toast.error('Payment service not available');

    setBusy(true);
    try {
      const { _id, label, fullName, phone, street, city, state, postalCode, country } = selected;
      const { order, razorpayOrder } = await placeOrder({
        paymentMethod: method,
        shippingAddress: { _id, label, fullName, phone, street, city, state, postalCode, country },
        taxPrice: 0,
        shippingPrice: 0,
      });
      queryClient.setQueryData(orderKeys.one(order._id), order);
      if (method === 'COD') {
        toast.success('Order created successfully');
        void navigate(paths.order(order._id));
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        return;
      }
      if (service.status !== 'ready' || !razorpayOrder) {
        // The order exists and holds its stock; its page says so and lets the shopper try again.
        toast.error('Failed to initialize payment');
        void navigate(paths.order(order._id));
        return;
      }
      rememberProviderOrder(browserStorage(), order._id, razorpayOrder);
      await payOnline(service, order, razorpayOrder);
    } catch (error) {
      toast.error(getErrorMessage(error, 'Failed to create order'));
      // A refusal often means the cart changed under us (stock, prices): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (cart.isPending || addresses.isPending) body = <PageLoader />;
  else if (loadError && (!cart.data || !addresses.data))
    body = (
      <EmptyState title="Failed to load cart/address data" message="Please try again in a moment.">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            void cart.refetch();
            void addresses.refetch();
          }}
        >
          Try Again
        </button>
      </EmptyState>
    );
  else if (items.length === 0 && !busy)
    body = (
      <EmptyState title="Your cart is empty" message="Add something from the store to check out.">
        <Link className="btn btn--primary" to={paths.store}>
          Continue Shopping
        </Link>
      </EmptyState>
    );
  else if (blocked && !busy)
    body = (
      <EmptyState
        title="Some items are unavailable"
        message="A product in your cart was removed or sold out. Review your cart before checking out."
      >
        <Link className="btn btn--primary" to={paths.cart}>
          Review Cart
        </Link>
      </EmptyState>
    );
  else
    body = (
      <div className="checkout-layout">
        <div className="checkout-layout__main">
          <AddressSelector addresses={list} selectedId={selected?._id} onSelect={setChosenAddressId} />
          <PaymentChoice method={method} onChange={setMethod} service={service} />
        </div>
        <OrderSummary items={items} method={method} busy={busy} onPlace={() => void place()} />
      </div>
    );

  return (
    <section className="commerce-page container" aria-labelledby="checkout-title">
      <PageTitle title="Checkout" />
      <header className="commerce-page__header">
        <span className="eyebrow">Store</span>
        <h1 id="checkout-title">Checkout</h1>
        <p className="muted">Choose where to deliver and how to pay.</p>
      </header>
      {body}
    </section>
  );
}
