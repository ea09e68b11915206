import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { pageCountOf } from '../../../components/pager';
import { AdminBanner, AdminSection, AdminTable, type AdminColumn } from '../../../components/ui/admin-table';
import { getErrorMessage } from '../../../lib/api';
import { formatDate, formatDateTime, formatINR } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import { FilterChips } from '../../../components/ui/filter-chips';
import { OrderBadge } from '../../orders/order-badge';
import {
  ADMIN_STATE_LOOK,
  adminOrderState,
  canMarkDelivered,
  PAYMENT_METHOD_LABEL,
  shortOrderId,
  type AdminOrderState,
} from '../../orders/order-status';
import { fetchAllOrders, markOrderDelivered, orderKeys, type Order } from '../../orders/orders.api';
import { RefundDialog } from '../../refunds/refund-dialog';
import './admin-orders.css';

const STATE_CHIPS = (Object.keys(ADMIN_STATE_LOOK) as AdminOrderState[]).map((state) => ({
  value: state,
  label: ADMIN_STATE_LOOK[state].label,
}));

/** Orders a page of the admin list (the server's maximum is 100). */
const ADMIN_ORDERS_PAGE_SIZE = 50;

const newestFirst = (a: Order, b: Order) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();

function YesNo({ done, at }: { done: boolean; at: string | null }) {
  if (!done) return <span className="admin-orders__no">No</span>;
  return (
    <span className="admin-orders__yes">
      Yes{at && <span className="cat-table__sub">{formatDate(at)}</span>}
    </span>
  );
}

function OrderCell({ order }: { order: Order }) {
  return (
    <>
      <span className="cat-table__name">#{shortOrderId(order._id, 6)}</span>
      <span className="cat-table__sub">{formatDateTime(order.createdAt)}</span>
      <OrderBadge {...ADMIN_STATE_LOOK[adminOrderState(order)]} />
    </>
  );
}

function AddressCell({ address }: { address: Order['shippingAddress'] }) {
  return (
    <address className="admin-orders__address">
      <span>{address.fullName}</span>
      <span>{address.address}</span>
      <span>
        {address.city}
        {address.state ? `, ${address.state}` : ''} {address.postalCode}
      </span>
      <span>{address.country}</span>
      <span>{address.phone}</span>
    </address>
  );
}

function PricesCell({ order }: { order: Order }) {
  return (
    <>
      <dl className="admin-orders__prices">
        <div>
          <dt>Items</dt>
          <dd>{formatINR(order.itemsPrice)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatINR(order.shippingPrice)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{formatINR(order.taxPrice)}</dd>
        </div>
        <div className="admin-orders__total">
          <dt>Total</dt>
          <dd>{formatINR(order.totalPrice)}</dd>
        </div>
      </dl>
      <span className="cat-table__sub">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</span>
    </>
  );
}

/** The admin panel's Orders tab: every store order, newest first, a page at a time, with Mark Delivered. */
export default function OrdersTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: orderKeys.admin(page),
    queryFn: () => fetchAllOrders(page, ADMIN_ORDERS_PAGE_SIZE),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
  const [stateFilter, setStateFilter] = useState('');
  const [refunding, setRefunding] = useState<Order | null>(null);
  const total = orders.data?.total ?? 0;
  const pageCount = pageCountOf(total, ADMIN_ORDERS_PAGE_SIZE);
  const deliver = useMutation({
    mutationFn: (order: Order) => markOrderDelivered(order._id),
    onSuccess: (_answer, order) => {
      toast.success(`Order #${shortOrderId(order._id, 6)} marked as delivered`);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to update order status')),
  });

  useEffect(() => {
    if (orders.error) toast.error(getErrorMessage(orders.error, 'Failed to load orders'));
  }, [orders.error]);

  const all = useMemo(() => [...(orders.data?.items ?? [])].sort(newestFirst), [orders.data]);
  const shown = stateFilter ? all.filter((order) => adminOrderState(order) === stateFilter) : all;

  const columns: AdminColumn<Order>[] = [
    { header: 'Order', cell: (order) => <OrderCell order={order} /> },
    {
      header: 'Customer',
      cell: (order) => (
        <>
          <span className="cat-table__name">{order.user?.name ?? '—'}</span>
          <span className="cat-table__sub admin-orders__email">{order.user?.email}</span>
        </>
      ),
    },
    {
      header: 'Items',
      cell: (order) => (
        <ul className="admin-orders__items">
          {order.orderItems.map((item) => (
            <li key={item._id}>
              {item.name} × {item.quantity}
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Shipping address', cell: (order) => <AddressCell address={order.shippingAddress} /> },
    { header: 'Prices', numeric: true, cell: (order) => <PricesCell order={order} /> },
    {
      header: 'Paid',
      cell: (order) => (
        <>
          <YesNo done={order.isPaid} at={order.paidAt} />
          {order.paymentMethod === 'ONLINE' && order.isPaid && (
            <button
              type="button"
              className="btn btn--ghost btn--sm admin-orders__action"
              onClick={() => setRefunding(order)}
              aria-label={`Refund order #${shortOrderId(order._id, 6)}`}
            >
              Refund
            </button>
          )}
        </>
      ),
    },
    {
      header: 'Delivered',
      cell: (order) => {
        const marking = deliver.isPending && deliver.variables?._id === order._id;
        return (
          <>
            <YesNo done={order.isDelivered} at={order.deliveredAt} />
            {canMarkDelivered(order) && (
              <button
                type="button"
                className="btn btn--primary btn--sm admin-orders__action"
                disabled={marking}
                onClick={() => deliver.mutate(order)}
                // The name starts with the visible text (WCAG 2.5.3), then says which order.
                aria-label={`Mark Delivered: order #${shortOrderId(order._id, 6)}`}
              >
                {marking ? 'Saving...' : 'Mark Delivered'}
              </button>
            )}
          </>
        );
      },
    },
  ];

  return (
    <AdminSection
      title="Orders"
      description={
        <>
          {total} {total === 1 ? 'order' : 'orders'}, newest first
          {pageCount > 1
            ? `, ${ADMIN_ORDERS_PAGE_SIZE} a page (the state filter applies to the page shown)`
            : ''}
          . Cash on delivery is collected when an order is marked delivered.
        </>
      }
      action={
        <FilterChips
          label="Order state"
          allLabel="All"
          options={STATE_CHIPS}
          value={stateFilter}
          onChange={setStateFilter}
          size="sm"
        />
      }
    >
      {orders.error && !orders.data ? (
        <AdminBanner>Failed to load orders</AdminBanner>
      ) : (
        <AdminTable
          list={{ isPending: orders.isPending, page, pageCount, total, setPage }}
          rows={shown}
          rowKey={(order) => order._id}
          columns={columns}
          noun="orders"
          empty={{ title: 'No orders found' }}
          className="admin-orders"
        />
      )}
      <RefundDialog
        target={refunding ? { kind: 'order', id: refunding._id } : null}
        label={refunding ? `Order #${shortOrderId(refunding._id, 6)}` : ''}
        onClose={() => setRefunding(null)}
        onRefunded={() => void queryClient.invalidateQueries({ queryKey: orderKeys.all })}
      />
    </AdminSection>
  );
}
