import { createInternalClient, InternalCallError, type ServiceAuth } from '@spa/kit';
import type { InvoicePdfs, PdfSource } from '../domain/email-template.js';

const pdfPaths: Record<PdfSource, (id: string) => string> = {
  bill: (id) => `/internal/bills/${encodeURIComponent(id)}/invoice.pdf`,
  'tax-document': (id) => `/internal/tax-documents/${encodeURIComponent(id)}/document.pdf`,
};

/**
 * Billing's `GET /internal/bills/:id/invoice.pdf` and `GET /internal/tax-documents/:id/document.pdf`
 * on the kit's internal client (GETs: retried).
 */
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
    async pdfOf(id, source = 'bill') {
      try {
        return await billing.bytes({ method: 'GET', path: pdfPaths[source](id) });
      } catch (error) {
        if (error instanceof InternalCallError && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
