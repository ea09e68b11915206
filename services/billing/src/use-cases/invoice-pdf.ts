import { AppError, notFound } from '@spa/kit';
import { findBill } from '../db/bills.repository.js';
import { findInvoicePdf, storeInvoicePdf } from '../db/invoice-pdfs.repository.js';
import { assertBillId, type Bill } from '../domain/bill.js';
import { invoiceView } from '../domain/invoice-view.js';
import { invoiceHtml } from '../domain/invoice-template.js';
import type { BillingContext } from './context.js';

/** Renders the bill's tax invoice and stores it as the bill's PDF (unless a newer one got there first). */
async function renderInvoicePdf(deps: BillingContext, bill: Bill): Promise<Buffer> {
  const started = Date.now();
  const pdf = await deps.renderer.render(invoiceHtml(invoiceView(bill, deps.config.business)));
  await storeInvoicePdf(deps.db, {
    billId: bill.id,
    billRevision: bill.revision,
    pdf,
    renderMs: Date.now() - started,
    renderedAt: new Date(),
  });
  return pdf;
}

/** The worker's job: make sure the stored PDF shows the bill's current revision. */
export async function refreshInvoicePdf(
  deps: BillingContext,
  billId: string,
): Promise<'rendered' | 'up to date' | 'no such bill'> {
  const bill = await findBill(deps.db, billId);
  if (!bill) return 'no such bill';
  const stored = await findInvoicePdf(deps.db, billId);
  if (stored && stored.billRevision >= bill.revision) return 'up to date';
  await renderInvoicePdf(deps, bill);
  return 'rendered';
}

/**
 * The PDF a download answers with: the stored one when it shows the current revision, else rendered
 * now (the job may not have run yet, or Redis was down when the bill was saved).
 */
export async function invoicePdfForDownload(
  deps: BillingContext,
  billId: string,
): Promise<{ bill: Bill; pdf: Buffer; source: 'stored' | 'rendered' }> {
  assertBillId(billId);
  const bill = await findBill(deps.db, billId);
  if (!bill) throw notFound('Bill not found');
  const stored = await findInvoicePdf(deps.db, billId);
  if (stored && stored.billRevision >= bill.revision) return { bill, pdf: stored.pdf, source: 'stored' };
  try {
    return { bill, pdf: await renderInvoicePdf(deps, bill), source: 'rendered' };
  } catch (error) {
    throw new AppError(
      503,
      'PDF_UNAVAILABLE',
      'The invoice PDF could not be produced right now. Please try again shortly.',
      [{ reason: (error as Error).message }],
    );
  }
}
