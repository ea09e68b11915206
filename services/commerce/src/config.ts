import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';

/** The secrets of the local Razorpay sandbox: what every development and test process uses. */
export const SANDBOX_RAZORPAY = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox_key_secret',
  webhookSecret: 'sandbox_webhook_secret',
} as const;

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

export function loadConfig(source: Record<string, string | undefined> = process.env): CommerceConfig {
  const config = readConfig((env) => {
    const base = readBaseConfig(env, 'commerce', 4004);
    const production = base.nodeEnv === 'production';
    // Outside production the sandbox's secrets are the defaults, so `npm start` and the tests work with
    // no setup; production has no defaults at all (checked below).
    const secret = (name: string, sandboxValue: string) =>
      production ? (env.optionalString(name) ?? '') : env.string(name, sandboxValue);
    const holdSeconds = env.optionalString('PAYMENT_HOLD_SECONDS');
    return {
      ...base,
      catalogueUrl: env.url('CATALOGUE_URL', 'http://127.0.0.1:4002'),
      razorpay: {
        keyId: secret('RAZORPAY_KEY_ID', SANDBOX_RAZORPAY.keyId),
        keySecret: secret('RAZORPAY_KEY_SECRET', SANDBOX_RAZORPAY.keySecret),
        webhookSecret: secret('RAZORPAY_WEBHOOK_SECRET', SANDBOX_RAZORPAY.webhookSecret),
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

/** Production takes real money: it refuses to start without its own keys, and never with the sandbox's. */
function productionKeyProblems(config: CommerceConfig): string[] {
  if (config.nodeEnv !== 'production') return [];
  const { razorpay } = config;
  const named: Array<[string, string, string]> = [
    ['RAZORPAY_KEY_ID', razorpay.keyId, SANDBOX_RAZORPAY.keyId],
    ['RAZORPAY_KEY_SECRET', razorpay.keySecret, SANDBOX_RAZORPAY.keySecret],
    ['RAZORPAY_WEBHOOK_SECRET', razorpay.webhookSecret, SANDBOX_RAZORPAY.webhookSecret],
  ];
  return named.flatMap(([name, value, sandboxValue]) => {
    if (!value) return [`${name} is required in production`];
    if (value === sandboxValue)
      return [`${name} is the local sandbox's value; set the real one in production`];
    return [];
  });
}
