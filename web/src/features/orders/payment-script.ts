/**
 * The payment provider's checkout script, loaded at runtime from the address the commerce service names
 * (GET /payments/config → checkoutUrl: Razorpay's host in production, the local sandbox in development).
 * It is added as a <script src>: the page's CSP allows that origin and forbids inline scripts.
 */

export interface PaymentFailure {
  error: {
    code?: string;
    description?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface CheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  }) => void;
  modal?: { ondismiss?: () => void };
}

interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: PaymentFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loading = new Map<string, Promise<CheckoutConstructor>>();

/**
 * Loads the script once per address and answers the constructor it defines. A failed load is forgotten,
 * so a later visit can try again.
 */
export function loadCheckoutScript(src: string, doc: Document = document): Promise<CheckoutConstructor> {
  const pending = loading.get(src);
  if (pending) return pending;
  const load = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const view = doc.defaultView;
      if (view?.Razorpay) resolve(view.Razorpay);
      else reject(new Error(`${src} loaded but defined no Razorpay checkout`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`could not load ${src}`));
    });
    doc.head.appendChild(script);
  });
  loading.set(src, load);
  load.catch(() => loading.delete(src));
  return load;
}
