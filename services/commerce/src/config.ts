import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';

/**
 * The key id the local Razorpay sandbox is given (infra/local/dev-secrets.mjs): public, every checkout
 * shows it; production refuses it. The sandbox's secrets are made on each machine, never written here.
 */
export const SANDBOX_RAZORPAY_KEY_ID = 'rzp_test_sandbox';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The provider's API host; the local sandbox in development and tests. */
  apiUrl: string;
  /** Where the browser loads checkout.js from (the page's CSP must allow it). */
  checkoutUrl: string;
  timeoutMs: number;
}

export interface CommerceConfig extends BaseConfig {
  catalogueUrl: string;
  /** Booking's internal API: the visit a counter sale checks out. */
  bookingUrl: string;
  bookingTimeoutMs: number;
  /** The largest discount (basis points of the items' gross) each role gives at the counter unapproved. */
  counterDiscountLimits: { employee: number; admin: number };
  razorpay: RazorpaySettings;
  /** False turns "Pay Online" off (GET /payments/config says so and ONLINE checkouts are refused). */
  onlinePaymentsEnabled: boolean;
  /** How long an unpaid ONLINE order holds its stock before it is cancelled and the stock released. */
  paymentHoldMs: number;
  /** How often the sweeper looks for expired holds and abandoned checkouts. */
  sweepIntervalMs: number;
  /** A checkout that reserved stock but never finished (a crash mid-way) is undone after this long. */
  abandonedCheckoutMs: number;
  catalogueTimeoutMs: number;
  /** A refund still open this long (not sent, or sent and not settled) is retried or asked about. */
  refundRetryMs: number;
  /** Fair holds: unpaid ONLINE orders one customer may hold stock with at once. */
  maxOpenOnlineOrders: number;
}

const basisPoints = { min: 0, max: 10_000 };

export function loadConfig(source: Record<string, string | undefined> = process.env): CommerceConfig {
  const config = readConfig((env) => {
    const base = readBaseConfig(env, 'commerce', 4004);
    const holdSeconds = env.optionalString('PAYMENT_HOLD_SECONDS');
    return {
      ...base,
      catalogueUrl: env.url('CATALOGUE_URL', 'http://127.0.0.1:4002'),
      bookingUrl: env.url('BOOKING_URL', 'http://127.0.0.1:4003'),
      bookingTimeoutMs: env.int('BOOKING_TIMEOUT_MS', 5_000),
      counterDiscountLimits: {
        employee: env.int('COUNTER_DISCOUNT_LIMIT_EMPLOYEE_BP', 1_000, basisPoints),
        admin: env.int('COUNTER_DISCOUNT_LIMIT_ADMIN_BP', 10_000, basisPoints),
      },
      // No defaults in any environment: a secret written here would be published with the source, and
      // a webhook signed with it accepted by every stack that used it. `npm start` and the test helpers
      // pass the sandbox secrets made on the machine (infra/local/dev-secrets.mjs, @spa/kit/testing).
      razorpay: {
        keyId: env.string('RAZORPAY_KEY_ID'),
        keySecret: env.string('RAZORPAY_KEY_SECRET'),
        webhookSecret: env.string('RAZORPAY_WEBHOOK_SECRET'),
        apiUrl: env.url('RAZORPAY_API_URL', 'https://api.razorpay.com'),
        checkoutUrl: env.url('RAZORPAY_CHECKOUT_URL', 'https://checkout.razorpay.com/v1/checkout.js'),
        timeoutMs: env.int('RAZORPAY_TIMEOUT_MS', 10_000),
      },
      onlinePaymentsEnabled: env.bool('ONLINE_PAYMENTS_ENABLED', true),
      // Minutes for people; seconds (which win when set) so a test can watch a hold run out.
      paymentHoldMs:
        holdSeconds !== undefined
          ? env.int('PAYMENT_HOLD_SECONDS') * 1000
          : env.int('PAYMENT_HOLD_MINUTES', 15) * 60_000,
      sweepIntervalMs: env.int('PAYMENT_SWEEP_INTERVAL_MS', 30_000),
      abandonedCheckoutMs: env.int('ABANDONED_CHECKOUT_SECONDS', 120) * 1000,
      catalogueTimeoutMs: env.int('CATALOGUE_TIMEOUT_MS', 5_000),
      refundRetryMs: env.int('REFUND_RETRY_SECONDS', 60) * 1000,
      maxOpenOnlineOrders: env.int('MAX_OPEN_ONLINE_ORDERS', 1),
    };
  }, source);
  const problems = [
    ...productionKeyProblems(config),
    ...(config.paymentHoldMs >= 1000
      ? []
      : ['PAYMENT_HOLD_MINUTES (or PAYMENT_HOLD_SECONDS) must be positive']),
    ...(config.sweepIntervalMs >= 50 ? [] : ['PAYMENT_SWEEP_INTERVAL_MS must be at least 50']),
    ...(config.abandonedCheckoutMs >= 1000 ? [] : ['ABANDONED_CHECKOUT_SECONDS must be positive']),
    ...(config.maxOpenOnlineOrders >= 1 ? [] : ['MAX_OPEN_ONLINE_ORDERS must be at least 1']),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Production takes real money: it never starts on the sandbox's key (a missing one stops it above). */
function productionKeyProblems(config: CommerceConfig): string[] {
  if (config.nodeEnv !== 'production') return [];
  return config.razorpay.keyId === SANDBOX_RAZORPAY_KEY_ID
    ? ["RAZORPAY_KEY_ID is the local sandbox's; set the real one in production"]
    : [];
}
