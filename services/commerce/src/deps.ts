import type { ServiceDeps } from '@spa/kit';
import type { CommerceConfig } from './config.js';
import { createBookingClient, type BookingClient } from './integrations/booking-client.js';
import { createCatalogueClient, type CatalogueClient } from './integrations/catalogue-client.js';
import { createRazorpayProvider, type PaymentProvider } from './integrations/payment-provider.js';

/** What commerce's routes and workers need beyond the kit's deps: the services it talks to. */
export interface CommerceDeps extends ServiceDeps {
  config: CommerceConfig;
  catalogue: CatalogueClient;
  provider: PaymentProvider;
  booking: BookingClient;
}

export function withIntegrations(deps: ServiceDeps & { config: CommerceConfig }): CommerceDeps {
  const { config, logger } = deps;
  return {
    ...deps,
    catalogue: createCatalogueClient({
      baseUrl: config.catalogueUrl,
      timeoutMs: config.catalogueTimeoutMs,
      serviceAuth: deps.serviceAuth,
    }),
    provider: createRazorpayProvider(config.razorpay),
    booking: createBookingClient(
      { baseUrl: config.bookingUrl, timeoutMs: config.bookingTimeoutMs, serviceAuth: deps.serviceAuth },
      (error, notice) =>
        logger.warn(
          { err: error, appointmentId: notice.appointmentId },
          'booking did not take the payment callback; the payment.captured event will bring it up to date',
        ),
    ),
  };
}
