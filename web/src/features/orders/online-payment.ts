import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { business } from '../../app/business';
import { paths } from '../../app/paths';
import { getErrorMessage, isApiError } from '../../lib/api';
import { browserStorage } from '../../stores/session-storage';
import { toast } from '../../stores/toast.store';
import { cartKeys } from '../cart/cart.api';
import { shortOrderId } from './order-status';
import {
  fetchPaymentConfig,
  orderKeys,
  verifyPayment,
  type Order,
  type PaymentConfig,
  type ProviderOrder,
} from './orders.api';
import { forgetProviderOrder } from './pending-payments';
import { loadCheckoutScript, type CheckoutConstructor, type PaymentFailure } from './payment-script';

/** The accent of the design tokens, so the provider's modal wears the spa's colour. */
const THEME_COLOR = '#1f4d45';

export type PaymentService =
  | { status: 'loading' }
  | { status: 'ready'; config: PaymentConfig; Checkout: CheckoutConstructor }
  | { status: 'unavailable' };

/**
 * Asks the commerce service where the provider's checkout lives, then loads that script. Online payment
 * is offered only once the script is there (spec: otherwise "Payment service not available").
 */
export function usePaymentService(): PaymentService {
  const config = useQuery({
    queryKey: orderKeys.paymentConfig(),
    queryFn: fetchPaymentConfig,
    staleTime: Infinity,
  });
  const checkoutUrl = config.data?.enabled ? config.data.checkoutUrl : undefined;
  const script = useQuery({
    queryKey: ['payments', 'script', checkoutUrl],
    queryFn: () => loadCheckoutScript(checkoutUrl!),
    enabled: Boolean(checkoutUrl),
    staleTime: Infinity,
    retry: false,
  });

  const failed = Boolean(config.error || script.error);
  useEffect(() => {
    if (failed) toast.error('Failed to load payment service');
  }, [failed]);

  if (config.data && script.data) return { status: 'ready', config: config.data, Checkout: script.data };
  if (failed || config.data?.enabled === false) return { status: 'unavailable' };
  return { status: 'loading' };
}

function failureText(failure: PaymentFailure): string {
  const reason = failure?.error?.description;
  return reason ? `Payment failed: ${reason}` : 'Payment failed. Please try again.';
}

/**
 * Opens the provider's checkout for an order and sees it through (spec section 4, online order payment):
 * a successful payment is verified by the server and the shopper lands on the order with "Payment
 * successful! Order confirmed."; closing the modal says "Payment cancelled". Either way the order page is
 * where the shopper ends up, since the order exists (awaiting its payment) from the moment it is placed.
 * The promise settles once the checkout is over.
 */
export function useOnlinePayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    (service: Extract<PaymentService, { status: 'ready' }>, order: Order, providerOrder: ProviderOrder) =>
      new Promise<void>((resolve) => {
        let over = false;
        // Razorpay's own modal stays open after a failed attempt and may still succeed later: every
        // outcome refreshes the order, only the first one moves the page.
        const finish = () => {
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          void queryClient.invalidateQueries({ queryKey: cartKeys.all });
          if (over) return;
          over = true;
          const orderPage = paths.order(order._id);
          // Paying again from the order's own page stays one history entry.
          void navigate(orderPage, { replace: window.location.pathname === orderPage });
          resolve();
        };

        const checkout = new service.Checkout({
          key: service.config.keyId,
          amount: providerOrder.amount,
          currency: providerOrder.currency,
          name: business.name,
          description: `Order #${shortOrderId(order._id, 8)}`,
          order_id: providerOrder.id,
          prefill: {
            name: order.shippingAddress.fullName,
            email: order.user.email,
            contact: order.shippingAddress.phone,
          },
          notes: { orderId: order._id },
          theme: { color: THEME_COLOR },
          handler: (proof) => {
            void (async () => {
              try {
                const answer = await verifyPayment(proof);
                if (!answer?.success) throw new Error('the server did not confirm the payment');
                if (answer.order) queryClient.setQueryData(orderKeys.one(order._id), answer.order);
                forgetProviderOrder(browserStorage(), order._id);
                toast.success('Payment successful! Order confirmed.');
              } catch (error) {
                // ORDER_CANCELLED: paid after the order was cancelled; the server is refunding it in full.
                const refunding = isApiError(error) && error.code === 'ORDER_CANCELLED';
                if (refunding) forgetProviderOrder(browserStorage(), order._id);
                toast.error(
                  getErrorMessage(error, 'Payment verification failed'),
                  refunding ? { duration: 10_000 } : undefined,
                );
              }
              finish();
            })();
          },
          modal: {
            ondismiss: () => {
              if (over) return;
              toast.info('Payment cancelled');
              finish();
            },
          },
        });
        checkout.on('payment.failed', (failure) => {
          if (over) return;
          toast.error(failureText(failure));
          finish();
        });
        checkout.open();
      }),
    [navigate, queryClient],
  );
}
