import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowLeftIcon, CheckCircleIcon, LockIcon, MapPinIcon } from '../../components/icons';
import { Modal } from '../../components/ui/modal';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatDate, formatDateTime, formatINR, formatTime } from '../../lib/format';
import { browserStorage } from '../../stores/session-storage';
import { toast } from '../../stores/toast.store';
import { lineTotal } from '../cart/cart-math';
import { PackageIcon } from '../cart/commerce-icons';
import { EmptyState } from '../../components/ui/empty-state';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { HelpIcon } from '../dashboard/dashboard-icons';
import { useOnlinePayment, usePaymentService } from './online-payment';
import { OrderBadge } from './order-badge';
import {
  canCancel,
  CUSTOMER_STATE_LOOK,
  customerOrderState,
  PAYMENT_METHOD_LABEL,
  paymentStatusLabel,
  shortOrderId,
  type CustomerOrderState,
} from './order-status';
import { cancelOrder, orderKeys, type Order } from './orders.api';
import { forgetProviderOrder, recallProviderOrder } from './pending-payments';
import { useOrder } from './use-orders';
import '../catalogue/detail.css';
import '../cart/commerce.css';
import './orders.css';
import { OrderTotals } from '../cart/order-totals';
import { OrderInvoice } from '../tax-documents/invoice-links';

/**
 * An online order still waiting for its payment: when it lapses, and "Pay now" with the provider order
 * the server keeps for it (this browser also keeps the one it placed the order with).
 */
function AwaitingPayment({ order }: { order: Order }) {
  const providerOrder = order.razorpayOrder ?? recallProviderOrder(browserStorage(), order._id);
  const service = usePaymentService();
  const payOnline = useOnlinePayment();
  const [paying, setPaying] = useState(false);

  const payNow = async () => {
    if (!providerOrder) return;
    if (service.status !== 'ready') return toast.error('Payment service not available');
    setPaying(true);
    try {
      await payOnline(service, order, providerOrder);
    } finally {
      setPaying(false);
    }
  };

  return (
    <div className="order-notice" role="status">
      <p>
        <strong>Awaiting payment.</strong>{' '}
        {order.paymentExpiresAt
          ? `Your items are held until ${formatTime(order.paymentExpiresAt)} on ${formatDate(order.paymentExpiresAt)}; unpaid by then, the order is cancelled.`
          : 'Your items are held for a short while; unpaid by then, the order is cancelled.'}
      </p>
      {providerOrder && (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={paying || service.status !== 'ready'}
          onClick={() => void payNow()}
        >
          {paying ? 'Processing...' : 'Pay Now'}
        </button>
      )}
    </div>
  );
}

function StateNotice({ order, state }: { order: Order; state: CustomerOrderState }) {
  if (state === 'awaiting_payment') return <AwaitingPayment order={order} />;
  if (state === 'cancelled')
    return (
      <div className="order-notice order-notice--cancelled" role="status">
        <p>
          <strong>
            This order was cancelled{order.cancelledAt ? ` on ${formatDate(order.cancelledAt)}` : ''}.
          </strong>{' '}
          {order.isPaid
            ? 'Contact support about your refund.'
            : 'Nothing was charged, and its items went back to the store.'}
        </p>
        <Link className="btn btn--secondary btn--sm" to={paths.store}>
          Shop Again
        </Link>
      </div>
    );
  if (state === 'delivered')
    return (
      <div className="order-notice order-notice--success" role="status">
        <p>
          <CheckCircleIcon size={18} className="inline-icon" />{' '}
          <strong>Delivered{order.deliveredAt ? ` on ${formatDate(order.deliveredAt)}` : ''}.</strong> We hope
          you enjoy it.
        </p>
      </div>
    );
  return null;
}

function ShippingBlock({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <section className="commerce-panel" aria-labelledby="order-shipping-title">
      <h2 id="order-shipping-title" className="commerce-panel__title">
        <MapPinIcon size={20} /> Shipping Address
      </h2>
      <address className="shipping-lines">
        <strong>{address.fullName}</strong>
        <span>{address.address}</span>
        <span>
          {address.city}
          {address.state ? `, ${address.state}` : ''} {address.postalCode}
        </span>
        <span>{address.country}</span>
        <span>Phone: {address.phone}</span>
      </address>
    </section>
  );
}

function ItemsBlock({ order }: { order: Order }) {
  return (
    <section className="commerce-panel" aria-labelledby="order-items-title">
      <h2 id="order-items-title" className="commerce-panel__title">
        <PackageIcon size={20} /> Order Items
      </h2>
      <ul className="order-items">
        {order.orderItems.map((item) => (
          <li key={item._id} className="order-item">
            <ImageWithFallback className="thumb" src={item.image} alt="" />
            <span className="order-item__name">
              <Link to={paths.product(item.product)}>{item.name}</Link>
              <small>
                {item.quantity} × {formatINR(item.price)}
              </small>
            </span>
            <strong>{formatINR(lineTotal(item))}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentBlock({ order }: { order: Order }) {
  return (
    <section className="commerce-panel" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title" className="commerce-panel__title">
        <LockIcon size={20} /> Payment
      </h2>
      <dl className="facts">
        <div>
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABEL[order.paymentMethod]}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderBadge label={paymentStatusLabel(order)} tone={order.isPaid ? 'green' : 'amber'} />
          </dd>
        </div>
        {order.isPaid && order.paidAt && (
          <div>
            <dt>Paid on</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order._id),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderKeys.one(order._id), cancelled);
      toast.success('Order cancelled');
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to cancel order')),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost order-card__cta order-card__cancel"
        onClick={() => setAsking(true)}
      >
        Cancel Order
      </button>
      <Modal
        closeOnBackdrop
        open={asking}
        title="Cancel order"
        size="sm"
        onClose={() => setAsking(false)}
        footer={
          <>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => setAsking(false)}
              disabled={cancel.isPending}
            >
              Keep Order
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel Order'}
            </button>
          </>
        }
      >
        <p className="modal__message">Are you sure you want to cancel this order?</p>
      </Modal>
    </>
  );
}

function SummaryBlock({ order }: { order: Order }) {
  return (
    <section className="order-card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-card__title">
        Order Summary
      </h2>
      <OrderTotals
        subtotal={order.itemsPrice}
        shipping={order.shippingPrice}
        tax={order.taxPrice}
        total={order.totalPrice}
      />
      <OrderInvoice orderId={order._id} />
      <Link className="btn btn--secondary order-card__cta" to={paths.help}>
        <HelpIcon size={18} /> Contact Support
      </Link>
      {canCancel(order) && <CancelOrder order={order} />}
    </section>
  );
}

function OrderView({ order }: { order: Order }) {
  const state = customerOrderState(order);
  const shownId = shortOrderId(order._id, 8);

  // A payment kept for "Pay now" is no longer needed once the order is paid or over.
  useEffect(() => {
    if (state !== 'awaiting_payment') forgetProviderOrder(browserStorage(), order._id);
  }, [state, order._id]);

  return (
    <article className="commerce-page container" aria-labelledby="order-title">
      <PageTitle title={`Order #${shownId}`} />
      <Link className="cat-back-link" to={paths.orders}>
        <ArrowLeftIcon size={16} /> Back to Orders
      </Link>
      <header className="commerce-page__header">
        <div className="order-detail__heading">
          <h1 id="order-title">Order #{shownId}</h1>
          <OrderBadge {...CUSTOMER_STATE_LOOK[state]} />
        </div>
        <p className="muted">Placed on {formatDateTime(order.createdAt)}</p>
      </header>
      <StateNotice order={order} state={state} />
      <div className="order-detail__layout">
        <div className="order-detail__main">
          <ItemsBlock order={order} />
          <ShippingBlock order={order} />
        </div>
        <div className="order-detail__side">
          <PaymentBlock order={order} />
          <SummaryBlock order={order} />
        </div>
      </div>
    </article>
  );
}

export default function OrderDetailPage() {
  const { id } = useParams();
  const order = useOrder(id);
  const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);

  useEffect(() => {
    if (order.error && !notFound) toast.error(getErrorMessage(order.error, 'Failed to load order'));
  }, [order.error, notFound]);

  if (order.data) return <OrderView key={order.data._id} order={order.data} />;
  if (order.isPending) return <PageLoader />;
  return (
    <section className="commerce-page container">
      <PageTitle title={notFound ? 'Order Not Found' : 'Error Loading Order'} />
      <EmptyState
        title={notFound ? 'Order Not Found' : 'Error Loading Order'}
        message={
          notFound
            ? 'There is no order with this number in your account.'
            : 'We could not load this order. Please try again in a moment.'
        }
      >
        <Link className="btn btn--primary" to={paths.orders}>
          Back to Orders
        </Link>
      </EmptyState>
    </section>
  );
}
