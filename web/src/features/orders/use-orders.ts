import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../stores/session.store';
import { fetchMyOrders, fetchOrder, orderKeys } from './orders.api';

/** GET /orders: the signed-in customer's own orders (signed out, the 401 sends the visitor to sign in). */
export function useMyOrders() {
  const userId = useSessionStore((state) => (state.token && state.user ? state.user.id : null));
  return useQuery({ queryKey: orderKeys.mine(userId), queryFn: fetchMyOrders, refetchOnMount: 'always' });
}

/** GET /orders/:id. An order waiting for its online payment is looked at again while the page is open. */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: () => fetchOrder(id!),
    enabled: Boolean(id),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.status === 'pending_payment' ? 10_000 : false),
  });
}
