import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { formatDateTime, formatINR } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import {
  fetchPaymentRefunds,
  refundAmountProblem,
  refundKeys,
  requestRefund,
  REFUND_REASON_LABEL,
  REFUND_STATUS_LABEL,
  type RefundTarget,
} from './refunds.api';
import '../auth/forms.css';
import './refunds.css';

interface RefundDialogProps {
  /** What to refund; the dialog is closed while null. */
  target: RefundTarget | null;
  /** e.g. "Order #1A2B3C" or "APT-20261121-0042 · Swedish Massage". */
  label: string;
  onClose: () => void;
  /** After a refund was asked for: the tab refreshes what it shows. */
  onRefunded?: () => void;
}

/**
 * An admin's refund of an order or an appointment, in full or in part: where the payment stands and its
 * refunds, an amount (all that is left by default) and a note, then a confirmation before any money
 * moves. One idempotency key per opening, so a doubled or retried click refunds once.
 */
export function RefundDialog({ target, label, onClose, onRefunded }: RefundDialogProps) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const idempotencyKey = useMemo(() => (target ? crypto.randomUUID() : ''), [target]);
  const state = useQuery({
    queryKey: target ? refundKeys.of(target) : refundKeys.all,
    queryFn: () => fetchPaymentRefunds(target!),
    enabled: Boolean(target),
    refetchOnMount: 'always',
    retry: false,
  });
  const refund = useMutation({
    mutationFn: () =>
      requestRefund(
        target!,
        { amount: Number(amount.trim()), ...(note.trim() ? { note: note.trim() } : {}) },
        idempotencyKey,
      ),
    onSuccess: ({ refund: created }) => {
      toast.success(
        `Refund of ${formatINR(created.amount)} sent to the payment provider; the payment shows Refunded once it confirms`,
      );
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      onRefunded?.();
      onClose();
    },
    onError: (error) => {
      toast.error(getErrorMessage(error, 'The refund could not be made'));
      setConfirming(false);
      void state.refetch();
    },
  });

  const payment = state.data;
  // A new target or a reloaded payment starts the form again: all that is left, no note.
  const [formFor, setFormFor] = useState<{ target: RefundTarget | null; payment: typeof payment } | null>(
    null,
  );
  if (!formFor || formFor.target !== target || formFor.payment !== payment) {
    setFormFor({ target, payment });
    setConfirming(false);
    setNote('');
    setAmount(payment ? payment.refundable.toFixed(2) : '');
  }

  const problem = payment ? refundAmountProblem(amount, payment.refundable) : undefined;
  const busy = refund.isPending;
  let body;
  if (state.isPending) body = <p className="muted">Loading the payment…</p>;
  else if (state.error || !payment)
    body = (
      <p className="refund-dialog__empty" role="alert">
        {getErrorMessage(state.error, 'No online payment to refund')}
      </p>
    );
  else
    body = (
      <>
        <dl className="refund-dialog__summary">
          <div>
            <dt>Payment</dt>
            <dd>{payment.status}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatINR(payment.amount)}</dd>
          </div>
          <div>
            <dt>Refunded</dt>
            <dd>{formatINR(payment.refunded)}</dd>
          </div>
          <div>
            <dt>Left to refund</dt>
            <dd>{formatINR(payment.refundable)}</dd>
          </div>
        </dl>
        {payment.refunds.length > 0 && (
          <ul className="refund-dialog__list" aria-label="Refunds">
            {payment.refunds.map((entry) => (
              <li key={entry._id}>
                <strong>{formatINR(entry.amount)}</strong> · {REFUND_STATUS_LABEL[entry.status]} ·{' '}
                {REFUND_REASON_LABEL[entry.reason]} · {formatDateTime(entry.processedAt ?? entry.createdAt)}
                {entry.failureReason && <span className="muted"> ({entry.failureReason})</span>}
              </li>
            ))}
          </ul>
        )}
        {payment.refundable > 0 && !confirming && (
          <div className="refund-dialog__fields">
            <label className="field">
              <span className="field__label">Amount (₹)</span>
              <input
                className="input"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={Boolean(problem)}
                aria-describedby="refund-amount-problem"
              />
              {problem && (
                <span id="refund-amount-problem" className="field-error">
                  {problem}
                </span>
              )}
            </label>
            <label className="field">
              <span className="field__label">Note (optional)</span>
              <input
                className="input"
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
          </div>
        )}
        {confirming && (
          <p className="refund-dialog__confirm" role="alert">
            Refund {formatINR(Number(amount))} of {label} to the customer’s original payment method? This
            cannot be undone.
          </p>
        )}
        {payment.refundable === 0 && <p className="muted">Nothing is left to refund.</p>}
      </>
    );

  const canRefund = Boolean(payment && payment.refundable > 0 && !problem);
  return (
    <Modal
      closeOnBackdrop
      open={target !== null}
      title="Refund"
      description={label}
      size="sm"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!canRefund || busy) return;
        if (!confirming) setConfirming(true);
        else refund.mutate();
      }}
      footer={
        <>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={confirming ? () => setConfirming(false) : onClose}
            disabled={busy}
          >
            {confirming ? 'Back' : 'Close'}
          </button>
          {payment && payment.refundable > 0 && (
            <button type="submit" className="btn btn--danger" disabled={!canRefund || busy}>
              {busy ? 'Refunding...' : confirming ? 'Confirm refund' : 'Refund…'}
            </button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
