import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { AdminBanner } from '../../components/ui/admin-table';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { addTender, cancelTender, checkTender as checkLink, type Sale, type SaleTender } from './counter.api';
import { formatPaise, paiseToRupeesText } from './money';
import { checkTender, pendingTender, shownTenders, TENDER_LABEL, type TenderForm } from './tenders';

/** A payment link is asked about this often while the customer pays it on their phone. */
const LINK_CHECK_MS = 3_000;

/** The tenders taken so far: what was paid online, cash, card, and a link still waiting (with its QR). */
export function TenderList({ sale, onSale }: { sale: Sale; onSale: (sale: Sale) => void }) {
  const tenders = shownTenders(sale);
  if (tenders.length === 0) return <p className="muted">Nothing paid yet.</p>;
  return (
    <ul className="counter-tenders">
      {tenders.map((tender) =>
        tender.status === 'pending' ? (
          <PendingLink key={tender.id} sale={sale} tender={tender} onSale={onSale} />
        ) : (
          <li key={tender.id} className="counter-tender">
            <span>
              {TENDER_LABEL[tender.method]}
              {tender.reference && <span className="muted"> · {tender.reference}</span>}
              {tender.method === 'cash' && tender.changePaise > 0 && (
                <span className="muted">
                  {' '}
                  · received {formatPaise(tender.cashReceivedPaise)}, change {formatPaise(tender.changePaise)}
                </span>
              )}
            </span>
            <strong>{formatPaise(tender.amountPaise)}</strong>
          </li>
        ),
      )}
    </ul>
  );
}

/** The link as a QR the customer scans, its address as text, and the checks (by hand and every 3 s). */
function PendingLink({
  sale,
  tender,
  onSale,
}: {
  sale: Sale;
  tender: SaleTender;
  onSale: (sale: Sale) => void;
}) {
  const check = useMutation({ mutationFn: () => checkLink(sale.id, tender.id), onSuccess: onSale });
  const cancel = useMutation({ mutationFn: () => cancelTender(sale.id, tender.id), onSuccess: onSale });
  const inFlight = check.isPending || cancel.isPending;
  // Only one check at a time: a slow provider must not pile requests up.
  const busy = useRef(false);
  const latest = useRef(check.mutate);
  useEffect(() => {
    busy.current = inFlight;
    latest.current = check.mutate;
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!busy.current) latest.current();
    }, LINK_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const qr = tender.linkUrl
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(tender.linkUrl, { border: 2 }))}`
    : null;
  const error =
    cancel.error ?? (check.error && isApiError(check.error) && check.error.status < 500 ? check.error : null);
  return (
    <li className="counter-tender counter-tender--pending">
      <div className="counter-link">
        {qr && (
          <img
            className="counter-link__qr"
            src={qr}
            alt="QR code of the payment link"
            width={168}
            height={168}
          />
        )}
        <div className="counter-link__text">
          <p>
            <strong>{formatPaise(tender.amountPaise)}</strong> by UPI or card: waiting for the customer (link
            made at {formatTime(tender.createdAt)}).
          </p>
          {tender.linkUrl && (
            <p className="counter-link__url">
              <span className="muted">Link: </span>
              <code>{tender.linkUrl}</code>
            </p>
          )}
          <div className="counter-link__actions">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={inFlight}
              onClick={() => check.mutate()}
            >
              {check.isPending ? 'Checking…' : 'Check payment'}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={inFlight}
              onClick={() => cancel.mutate()}
            >
              Cancel link
            </button>
          </div>
          <AdminBanner>{error && getErrorMessage(error, 'The link could not be checked.')}</AdminBanner>
        </div>
      </div>
    </li>
  );
}

const newForm = (balancePaise: number): TenderForm => ({
  method: 'cash',
  amount: paiseToRupeesText(balancePaise),
  cashReceived: '',
  reference: '',
});

/**
 * Takes one tender: cash (with the change due, live), the card terminal's slip, or a payment link.
 * One idempotency key per attempt: a retried or doubled click records one tender; a refusal the desk
 * then corrects is a new attempt.
 */
export function TenderForm({ sale, onSale }: { sale: Sale; onSale: (sale: Sale) => void }) {
  const [form, setForm] = useState(() => newForm(sale.balancePaise));
  const [submitted, setSubmitted] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const take = useMutation({
    mutationFn: (input: NonNullable<ReturnType<typeof checkTender>['input']>) =>
      addTender(sale.id, input, key),
    onSuccess: (answer) => {
      onSale(answer);
      setForm(newForm(answer.balancePaise));
      setSubmitted(false);
      setKey(crypto.randomUUID());
    },
    onError: (error) => {
      // Refused: the next try is another request. Unreached: the same key, so a retry cannot pay twice.
      if (isApiError(error) && error.status >= 400 && error.status < 500) setKey(crypto.randomUUID());
    },
  });
  // A balance changed elsewhere (a save, another tender) starts the amount again.
  const [balanceFor, setBalanceFor] = useState(sale.balancePaise);
  if (balanceFor !== sale.balancePaise) {
    setBalanceFor(sale.balancePaise);
    setForm(newForm(sale.balancePaise));
  }
  const check = checkTender(form, sale.balancePaise);
  const errors = submitted ? check.errors : {};
  const set = (change: Partial<TenderForm>) => setForm((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.input && !take.isPending) take.mutate(check.input);
  };
  return (
    <form className="counter-tender-form" onSubmit={submit} aria-label="Take a payment">
      <div className="range-toggle" role="group" aria-label="Payment method">
        {(['cash', 'card_terminal', 'razorpay'] as const).map((method) => (
          <button
            key={method}
            type="button"
            aria-pressed={form.method === method}
            onClick={() => set({ method })}
          >
            {TENDER_LABEL[method]}
          </button>
        ))}
      </div>
      <div className="counter-tender-form__fields">
        <FormField label="Amount (₹)" error={errors.amount}>
          {(control) => (
            <input
              {...control}
              className="cat-input counter-input--money"
              inputMode="decimal"
              value={form.amount}
              onChange={(event) => set({ amount: event.target.value })}
            />
          )}
        </FormField>
        {form.method === 'cash' && (
          <FormField
            label="Cash received (₹)"
            error={errors.cashReceived}
            hint={
              check.changePaise !== undefined ? `Change due: ${formatPaise(check.changePaise)}` : undefined
            }
          >
            {(control) => (
              <input
                {...control}
                className="cat-input counter-input--money"
                inputMode="decimal"
                placeholder={form.amount}
                value={form.cashReceived}
                onChange={(event) => set({ cashReceived: event.target.value })}
              />
            )}
          </FormField>
        )}
        {form.method === 'card_terminal' && (
          <FormField label="Terminal reference" error={errors.reference}>
            {(control) => (
              <input
                {...control}
                className="cat-input"
                value={form.reference}
                onChange={(event) => set({ reference: event.target.value })}
              />
            )}
          </FormField>
        )}
      </div>
      {form.method === 'cash' && check.changePaise !== undefined && check.changePaise > 0 && (
        <p className="counter-change" aria-live="polite">
          Give back <strong>{formatPaise(check.changePaise)}</strong>
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={take.isPending}>
        {take.isPending
          ? 'Recording…'
          : form.method === 'razorpay'
            ? 'Create payment link'
            : `Take ${TENDER_LABEL[form.method].toLowerCase()}`}
      </button>
      <AdminBanner>
        {take.error && getErrorMessage(take.error, 'The payment could not be recorded.')}
      </AdminBanner>
    </form>
  );
}

/**
 * Completes the sale: refused by the button while a link waits or a discount awaits approval, and
 * sent once however often it is clicked. With a balance left, the desk confirms the customer owes it.
 */
export function CompleteSale({
  sale,
  blocked,
  onComplete,
  pending,
  error,
}: {
  sale: Sale;
  /** Why it cannot be completed now, if it cannot. */
  blocked: string | null;
  onComplete: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [confirming, setConfirming] = useState(false);
  const sent = useRef(false);
  useEffect(() => {
    if (!pending) sent.current = false;
  }, [pending]);
  const complete = () => {
    if (sent.current || pending) return;
    sent.current = true;
    setConfirming(false);
    onComplete();
  };
  const waiting = pendingTender(sale);
  const reason =
    blocked ?? (waiting ? 'A payment link is still waiting: check it or cancel it first.' : null);
  return (
    <div className="counter-complete">
      <button
        type="button"
        className="btn btn--primary counter-complete__button"
        disabled={Boolean(reason) || pending}
        onClick={() => (sale.balancePaise > 0 ? setConfirming(true) : complete())}
      >
        {pending ? 'Completing…' : 'Complete sale'}
      </button>
      {reason && <p className="muted">{reason}</p>}
      <AdminBanner>
        {Boolean(error) && getErrorMessage(error, 'The sale could not be completed.')}
      </AdminBanner>
      {confirming && (
        <Modal
          title="Complete with a balance?"
          size="sm"
          role="alertdialog"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
                Take more payment
              </button>
              <button type="button" className="btn btn--primary" disabled={pending} onClick={complete}>
                Complete, customer owes {formatPaise(sale.balancePaise)}
              </button>
            </>
          }
        >
          <p className="modal__message">
            Customer will owe <strong>{formatPaise(sale.balancePaise)}</strong>. It stays on their record
            until it is paid at the counter.
          </p>
        </Modal>
      )}
    </div>
  );
}
