import { AppError } from '@spa/kit';
import { findDocument, findDocumentPdf, storeDocumentPdf } from '../db/documents.repository.js';
import { documentHtml, documentView, receiptHtml } from '../domain/tax-document-template.js';
import type { TaxDocument } from '../domain/tax-document.js';
import type { BillingContext } from './context.js';

async function renderAndStore(
  deps: Pick<BillingContext, 'db' | 'renderer' | 'config'>,
  document: TaxDocument,
) {
  const started = Date.now();
  const pdf = await deps.renderer.render(documentHtml(documentView(document, deps.config.business)));
  await storeDocumentPdf(deps.db, { documentId: document.id, pdf, renderMs: Date.now() - started });
  return pdf;
}

/**
 * The worker's job. A document not found yet is an error (the job retries): the job is enqueued in
 * the transaction that issues the document and may run before it commits.
 */
export async function renderDocumentPdfJob(
  deps: BillingContext,
  documentId: string,
): Promise<'rendered' | 'stored already'> {
  if (await findDocumentPdf(deps.db, documentId)) return 'stored already';
  const document = await findDocument(deps.db, documentId);
  if (!document) throw new Error(`tax document ${documentId} is not there (yet)`);
  await renderAndStore(deps, document);
  return 'rendered';
}

/** A document's PDF for a download: the stored one, else rendered now (the job may not have run yet). */
export async function documentPdf(
  deps: Pick<BillingContext, 'db' | 'renderer' | 'config'>,
  document: TaxDocument,
): Promise<{ pdf: Buffer; source: 'stored' | 'rendered' }> {
  const stored = await findDocumentPdf(deps.db, document.id);
  if (stored) return { pdf: stored.pdf, source: 'stored' };
  try {
    return { pdf: await renderAndStore(deps, document), source: 'rendered' };
  } catch (error) {
    throw new AppError(
      503,
      'PDF_UNAVAILABLE',
      'The document PDF could not be produced right now. Please try again shortly.',
      [{ reason: (error as Error).message }],
    );
  }
}

/** The 80 mm receipt: an HTML page from the same data as the PDF. */
export function documentReceipt(deps: Pick<BillingContext, 'config'>, document: TaxDocument): string {
  return receiptHtml(documentView(document, deps.config.business));
}
