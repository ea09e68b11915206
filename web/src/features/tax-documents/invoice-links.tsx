import { useMutation, useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/api';
import { formatDate, formatINR } from '../../lib/format';
import {
  documentKeys,
  downloadDocumentPdf,
  fetchDocuments,
  type TaxDocumentSummary,
} from './tax-documents.api';
import './invoice-links.css';

/** A customer's own GST documents (billing answers a customer with theirs alone). */
export function useMyDocuments(customerId: string | undefined, enabled = true) {
  const query = { customerId } as const;
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: () => fetchDocuments(query),
    enabled: Boolean(customerId) && enabled,
    // A missing or refused list only hides the invoice links; the page around them is unaffected.
    retry: false,
  });
}

/** Downloads one document's PDF, saying in place when it could not. */
export function InvoiceButton({
  document,
  label = 'Invoice',
  className = 'btn btn--secondary btn--sm',
}: {
  document: TaxDocumentSummary;
  label?: string;
  className?: string;
}) {
  const pdf = useMutation({ mutationFn: () => downloadDocumentPdf(document) });
  return (
    <span className="invoice-link">
      <button
        type="button"
        className={className}
        disabled={pdf.isPending}
        aria-label={`${label} ${document.number} (PDF)`}
        onClick={() => pdf.mutate()}
      >
        {pdf.isPending ? 'Downloading…' : label}
      </button>
      {pdf.error && (
        <span className="form-field__error" role="alert">
          {getErrorMessage(pdf.error, 'The PDF is not ready yet: try again in a moment.')}
        </span>
      )}
    </span>
  );
}

/** "Your invoices": every tax invoice and credit note of the customer, newest first, each a PDF. */
export function YourInvoices({ documents }: { documents: readonly TaxDocumentSummary[] }) {
  if (documents.length === 0) return null;
  return (
    <section className="your-invoices" aria-labelledby="your-invoices-title">
      <h2 id="your-invoices-title">Your invoices</h2>
      <ul>
        {documents.map((document) => (
          <li key={document.id}>
            <span>
              {document.kind === 'credit_note' ? 'Credit note' : 'Tax invoice'}{' '}
              <strong>{document.number}</strong>
              <span className="muted">
                {' '}
                · {formatDate(document.issueDate)} · {formatINR(document.totalPaise / 100)}
              </span>
            </span>
            <InvoiceButton document={document} label="Download PDF" className="btn btn--ghost btn--sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Download invoice" on an order once billing has issued its invoice (paid, or COD delivered). */
export function OrderInvoice({ orderId }: { orderId: string }) {
  const query = { orderId, kind: 'invoice' } as const;
  const documents = useQuery({
    queryKey: documentKeys.list(query),
    queryFn: () => fetchDocuments(query),
    retry: false,
  });
  const invoice = documents.data?.find((document) => document.kind === 'invoice');
  if (!invoice) return null;
  return (
    <InvoiceButton
      document={invoice}
      label="Download invoice"
      className="btn btn--secondary order-card__cta"
    />
  );
}
