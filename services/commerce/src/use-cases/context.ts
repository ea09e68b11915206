import type { ServiceDeps } from '@spa/kit';
import type { CommerceConfig } from '../config.js';
import { createBookingClient, type BookingClient } from '../integrations/booking-client.js';
import { createCatalogueClient, type CatalogueClient } from '../integrations/catalogue-client.js';
import { createPaymentLinks, type PaymentLinks } from '../integrations/payment-links.js';
import { createRazorpayProvider, type PaymentProvider } from '../integrations/payment-provider.js';

/**
 * What commerce's use cases, routes, handlers and workers are handed: the kit's deps and the services
 * it talks to.
 */
export interface CommerceContext extends ServiceDeps {
  config: CommerceConfig;
  catalogue: CatalogueClient;
  booking: BookingClient;
  provider: PaymentProvider;
  /** Razorpay payment links: what a customer at the counter pays by UPI or card on their phone. */
  paymentLinks: PaymentLinks;
}

export function withIntegrations(deps: ServiceDeps & { config: CommerceConfig }): CommerceContext {
  const { config } = deps;
  return {
    ...deps,
    catalogue: createCatalogueClient({
      baseUrl: config.catalogueUrl,
      timeoutMs: config.catalogueTimeoutMs,
      serviceAuth: deps.serviceAuth,
    }),
    booking: createBookingClient({
      baseUrl: config.bookingUrl,
      timeoutMs: config.bookingTimeoutMs,
      serviceAuth: deps.serviceAuth,
    }),
    provider: createRazorpayProvider(config.razorpay),
    paymentLinks: createPaymentLinks(config.razorpay),
  };
}
