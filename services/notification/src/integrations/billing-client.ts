import { createInternalClient, InternalCallError, type ServiceAuth } from '@spa/kit';
import type { InvoicePdfs } from '../domain/email-template.js';

/** Billing's `GET /internal/bills/:id/invoice.pdf` on the kit's internal client (a GET: retried). */
export function createBillingClient(settings: {
  baseUrl: string;
  serviceAuth?: ServiceAuth;
  timeoutMs?: number;
}): InvoicePdfs {
  const billing = createInternalClient({
    callee: 'billing',
    baseUrl: settings.baseUrl,
    auth: settings.serviceAuth,
    // Rendering a PDF takes a moment; the email job itself is retried later if this fails.
    timeoutMs: settings.timeoutMs ?? 30_000,
    retries: 1,
  });
  return {
    async pdfOf(billId) {
      try {
        return await billing.bytes({
          method: 'GET',
          path: `/internal/bills/${encodeURIComponent(billId)}/invoice.pdf`,
        });
      } catch (error) {
        if (error instanceof InternalCallError && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
