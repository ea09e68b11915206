import type { ServiceDeps } from '@spa/kit';
import type { CommerceConfig } from '../config.js';
import { createCatalogueClient, type CatalogueClient } from '../integrations/catalogue-client.js';
import { createRazorpayProvider, type PaymentProvider } from '../integrations/payment-provider.js';

/**
 * What commerce's use cases, routes, handlers and workers are handed: the kit's deps and the services
 * it talks to.
 */
export interface CommerceContext extends ServiceDeps {
  config: CommerceConfig;
  catalogue: CatalogueClient;
  provider: PaymentProvider;
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
    provider: createRazorpayProvider(config.razorpay),
  };
}
