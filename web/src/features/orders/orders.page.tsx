import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { formatDate, formatINR } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterChips } from '../../components/ui/filter-chips';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { SearchIcon } from '../dashboard/dashboard-icons';
import { OrderBadge } from './order-badge';
import { itemCount, ORDER_FILTERS, readOrderFilter, thumbnails, visibleOrders } from './order-filters';
import { CUSTOMER_STATE_LOOK, customerOrderState, PAYMENT_METHOD_LABEL, shortOrderId } from './order-status';
import type { Order } from './orders.api';
import { useMyOrders } from './use-orders';
import '../../components/ui/admin.css';
import '../cart/commerce.css';
import './orders.css';
import '../../components/ui/form-field.css';

const STATUS_CHIPS = ORDER_FILTERS.filter((filter) => filter.value !== 'all');

function OrderCard({ order }: { order: Order }) {
  const look = CUSTOMER_STATE_LOOK[customerOrderState(order)];
  const shownId = shortOrderId(order._id, 8);
  const thumbs = thumbnails(order.orderItems);
  const units = itemCount(order);
  return (
    <li className="order-summary-card">
      <div>
        <div className="order-summary-card__head">
          <h2 className="order-summary-card__id">Order #{shownId}</h2>
          <OrderBadge {...look} />
        </div>
        <ul className="order-summary-card__meta">
          <li>
            Placed <strong>{formatDate(order.createdAt)}</strong>
          </li>
          <li>
            <strong>{units}</strong> {units === 1 ? 'item' : 'items'}
          </li>
          <li>{PAYMENT_METHOD_LABEL[order.paymentMethod]}</li>
        </ul>
        <ul className="thumbs" aria-label="Items">
          {thumbs.items.map((item) => (
            <li key={item._id}>
              <ImageWithFallback className="thumb" src={item.image} alt={item.name} title={item.name} />
            </li>
          ))}
          {thumbs.more > 0 && (
            <li className="thumbs__more" aria-label={`and ${thumbs.more} more`}>
              +{thumbs.more}
            </li>
          )}
        </ul>
      </div>
      <div className="order-summary-card__side">
        <strong className="order-summary-card__total">{formatINR(order.totalPrice)}</strong>
        <Link
          className="btn btn--secondary btn--sm"
          to={paths.order(order._id)}
          aria-label={`View details of order #${shownId}`}
        >
          View Details
        </Link>
      </div>
    </li>
  );
}

export default function OrdersPage() {
  const orders = useMyOrders();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const filter = readOrderFilter(params.get('status'));

  useEffect(() => {
    if (orders.error) toast.error(getErrorMessage(orders.error, 'Failed to load orders'));
  }, [orders.error]);

  // Search and filter live in the address, so back and reload keep them; typing replaces the entry.
  const setQuery = (changes: { q?: string; status?: string }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && value !== 'all') next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: 'q' in changes });
  };

  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const shown = useMemo(() => visibleOrders(all, filter, search), [all, filter, search]);

  let body;
  if (orders.isPending) body = <PageLoader />;
  else if (orders.error && !orders.data)
    body = (
      <EmptyState title="Failed to load orders" message="Please try again in a moment.">
        <Link className="btn btn--primary" to={paths.home}>
          Back to Home
        </Link>
      </EmptyState>
    );
  else if (all.length === 0)
    body = (
      <EmptyState title="No orders yet" message="When you buy from the store, your orders appear here.">
        <Link className="btn btn--primary" to={paths.store}>
          Start Shopping
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <div className="orders-toolbar">
          <div className="search-box">
            <SearchIcon size={18} />
            <input
              type="search"
              className="cat-input"
              placeholder="Search by order ID or item name"
              aria-label="Search orders"
              value={search}
              onChange={(event) => setQuery({ q: event.target.value })}
            />
          </div>
          <FilterChips
            label="Order status"
            allLabel="All Orders"
            options={STATUS_CHIPS}
            value={filter === 'all' ? '' : filter}
            onChange={(status) => setQuery({ status })}
            size="sm"
          />
        </div>
        {shown.length === 0 ? (
          <EmptyState title="No orders match your search" message="Try another order ID, item or status.">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setParams(new URLSearchParams())}
            >
              Clear Filters
            </button>
          </EmptyState>
        ) : (
          <ul className="order-cards" aria-label="Your orders">
            {shown.map((order) => (
              <OrderCard key={order._id} order={order} />
            ))}
          </ul>
        )}
      </>
    );

  return (
    <section className="commerce-page container" aria-labelledby="orders-title">
      <PageTitle title="My orders" />
      <header className="commerce-page__header commerce-page__header--row">
        <div>
          <span className="eyebrow">Your account</span>
          <h1 id="orders-title">My Orders</h1>
          {all.length > 0 && (
            <p className="muted">
              {all.length} {all.length === 1 ? 'order' : 'orders'}, newest first
            </p>
          )}
        </div>
        <Link className="btn btn--ghost btn--sm" to={paths.store}>
          Continue Shopping
        </Link>
      </header>
      {body}
    </section>
  );
}
