import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminBanner } from '../../components/ui/admin-table';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import {
  documentKeys,
  downloadDocumentPdf,
  fetchDocuments,
  openReceipt,
  type TaxDocumentSummary,
} from '../tax-documents/tax-documents.api';
import { refundSale, type RefundMethod, type Sale } from './counter.api';
import { formatPaise } from './money';
import { checkRefund, TENDER_LABEL, type RefundForm } from './tenders';

/** Billing issues the invoice from the sale's event a moment after completion: asked this often. */
const INVOICE_POLL_MS = 2_000;

/**
 * The completed sale's tax invoice: "being prepared" until billing has issued it, then its PDF and the
 * 80 mm receipt to print.
 */
export function SaleInvoice({ sale }: { sale: Sale }) {
  const query = { saleId: sale.id, kind: 'invoice' } as const;
  const documents = useQuery({
    queryKey: documentKeys.list(query),
    queryFn: () => fetchDocuments(query),
    refetchInterval: (current) => (current.state.data?.length ? false : INVOICE_POLL_MS),
  });
  const invoice = documents.data?.find((document) => document.kind === 'invoice');
  return (
    <section className="counter-card" aria-labelledby="counter-invoice-title">
      <h2 id="counter-invoice-title">Tax invoice</h2>
      {invoice ? (
        <DocumentActions document={invoice} />
      ) : (
        <p className="muted" role="status">
          Invoice being prepared…
        </p>
      )}
      <AdminBanner>
        {documents.error &&
          getErrorMessage(documents.error, 'The invoice could not be looked up; trying again.')}
      </AdminBanner>
    </section>
  );
}

function DocumentActions({ document }: { document: TaxDocumentSummary }) {
  const pdf = useMutation({ mutationFn: () => downloadDocumentPdf(document) });
  const receipt = useMutation({ mutationFn: () => openReceipt(document.id) });
  return (
    <div className="counter-invoice">
      <p>
        <strong>{document.number}</strong>
        {document.issueDate && <span className="muted"> · {formatDate(document.issueDate)}</span>}
        {document.totalPaise > 0 && <span className="muted"> · {formatPaise(document.totalPaise)}</span>}
      </p>
      <div className="counter-invoice__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={pdf.isPending}
          onClick={() => pdf.mutate()}
        >
          {pdf.isPending ? 'Downloading…' : 'Download invoice (PDF)'}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={receipt.isPending}
          onClick={() => receipt.mutate()}
        >
          Print receipt
        </button>
      </div>
      <AdminBanner>
        {(pdf.error || receipt.error) &&
          getErrorMessage(
            pdf.error ?? receipt.error,
            'The PDF is still being prepared: try again in a moment.',
          )}
      </AdminBanner>
    </div>
  );
}

const REFUND_METHODS: RefundMethod[] = ['cash', 'card_terminal', 'razorpay'];

/**
 * A refund of a completed sale: which lines and how many, how the money goes back, why, and whether
 * products go back on the shelf. One idempotency key per opening of the dialog, so a doubled click or a
 * retry after a lost answer refunds once.
 */
export function RefundDialog({
  sale,
  onClose,
  onSale,
}: {
  sale: Sale;
  onClose: () => void;
  onSale: (sale: Sale) => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState<RefundForm>({
    quantities: {},
    method: sale.tenders.some((tender) => tender.method === 'cash' && tender.status === 'paid')
      ? 'cash'
      : 'card_terminal',
    reason: '',
    restock: true,
  });
  const [submitted, setSubmitted] = useState(false);
  const check = checkRefund(form, sale);
  const errors = submitted ? check.errors : {};
  const refund = useMutation({
    mutationFn: (input: NonNullable<typeof check.input>) => refundSale(sale.id, input, key),
    onSuccess: ({ sale: answer }) => {
      toast.success('Refund recorded: the credit note follows from billing');
      onSale(answer);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.input && !refund.isPending) refund.mutate(check.input);
  };
  const hasProducts = sale.lines.some((line) => line.kind === 'product');
  return (
    <Modal
      title="Refund"
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : `Refund about ${formatPaise(check.estimatePaise)}`}
          </button>
        </>
      }
    >
      <table className="cat-table counter-refund-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="cat-table__number">
              Sold
            </th>
            <th scope="col" className="cat-table__number">
              Paid
            </th>
            <th scope="col">Refund qty</th>
          </tr>
        </thead>
        <tbody>
          {sale.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td className="cat-table__number">{line.quantity}</td>
              <td className="cat-table__number">{formatPaise(line.totalPaise)}</td>
              <td>
                <FormField
                  label={`Refund quantity of ${line.name}`}
                  labelClassName="visually-hidden"
                  error={errors[line.id]}
                >
                  {(control) => (
                    <input
                      {...control}
                      className="cat-input counter-input--short"
                      inputMode="numeric"
                      placeholder="0"
                      value={form.quantities[line.id] ?? ''}
                      onChange={(event) =>
                        setForm((current) => ({
                          ...current,
                          quantities: { ...current.quantities, [line.id]: event.target.value },
                        }))
                      }
                    />
                  )}
                </FormField>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.lines && (
        <p className="form-field__error" role="alert">
          {errors.lines}
        </p>
      )}
      <div className="counter-refund-fields">
        <FormField label="Money goes back by">
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={form.method}
              onChange={(event) =>
                setForm((current) => ({ ...current, method: event.target.value as RefundMethod }))
              }
            >
              {REFUND_METHODS.map((method) => (
                <option key={method} value={method}>
                  {TENDER_LABEL[method]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Reason" required error={errors.reason}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={form.reason}
              onChange={(event) => setForm((current) => ({ ...current, reason: event.target.value }))}
            />
          )}
        </FormField>
        {hasProducts && (
          <label className="counter-check">
            <input
              type="checkbox"
              checked={form.restock}
              onChange={(event) => setForm((current) => ({ ...current, restock: event.target.checked }))}
            />{' '}
            Put returned products back in stock
          </label>
        )}
      </div>
      <AdminBanner>{refund.error && getErrorMessage(refund.error, 'The refund was refused.')}</AdminBanner>
    </Modal>
  );
}
