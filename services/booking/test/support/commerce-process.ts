import { fileURLToPath } from 'node:url';
import { startBuiltService, testRazorpayKeys, type BuiltService } from '@spa/kit/testing';

export { freePort } from '@spa/kit/testing';

const commerceMain = fileURLToPath(new URL('../../../commerce/dist/main.js', import.meta.url));

/** The sandbox's keys, fresh for this test process: give the same to the sandbox and to commerce. */
export const SANDBOX_SECRETS = testRazorpayKeys;

/**
 * The real commerce service (its built bundle, `npm run build -w @spa/commerce`) as its own process,
 * on a fresh database, in the caller's Kafka namespace, talking to the given Razorpay sandbox.
 */
export async function startCommerce(options: {
  port?: number;
  namespace: string;
  razorpayUrl: string;
  jwksUrl: string;
}): Promise<BuiltService> {
  return startBuiltService({
    service: 'commerce',
    main: commerceMain,
    databaseLabel: 'booking_commerce',
    namespace: options.namespace,
    port: options.port,
    env: {
      JWKS_URL: options.jwksUrl,
      CATALOGUE_URL: 'http://127.0.0.1:9',
      RAZORPAY_API_URL: options.razorpayUrl,
      RAZORPAY_CHECKOUT_URL: `${options.razorpayUrl}/v1/checkout.js`,
      RAZORPAY_KEY_ID: SANDBOX_SECRETS.keyId,
      RAZORPAY_KEY_SECRET: SANDBOX_SECRETS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: SANDBOX_SECRETS.webhookSecret,
    },
  });
}
