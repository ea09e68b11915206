import { discountNeedsApproval } from '@spa/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { AdminBanner } from '../../components/ui/admin-table';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import {
  approveDiscount,
  completeSale,
  counterKeys,
  fetchSale,
  updateSale,
  voidSale,
  type Sale,
} from './counter.api';
import { OwedFromEarlierSales } from './customer-balance';
import { formatPaise } from './money';
import { AddLines, SaleLines } from './sale-lines';
import { CompleteSale, TenderForm, TenderList } from './sale-payment';
import { RefundDialog, SaleInvoice } from './sale-documents';
import { checkDraft, draftOf, isDirty, taxSplit, type DraftCheck, type SaleDraft } from './sale-draft';
import { useTherapists } from './therapists';
import '../../components/ui/admin.css';
import '../../components/ui/badge.css';
import '../../components/ui/form-field.css';
import '../dashboard/dashboard.css';
import './counter.css';

const STATUS_LOOK: Record<Sale['status'], string> = {
  open: 'cat-badge--accent',
  completed: 'cat-badge--success',
  voided: 'cat-badge--muted',
};

const isSaleChanged = (error: unknown) => isApiError(error) && error.code === 'SALE_CHANGED';

/**
 * /dashboard/counter/:saleId, the checkout: who pays, the lines (a visit's treatments, products,
 * add-ons, tips, discounts) with live tax-inclusive totals, the discount's approval, the tenders, and
 * completion; then the invoice, the receipt and refunds. Edits are saved with the sale's version: a
 * sale changed at another desk meanwhile is reloaded with a notice rather than overwritten.
 */
export default function SalePage() {
  const { saleId = '' } = useParams();
  const queryClient = useQueryClient();
  const sale = useQuery({
    queryKey: counterKeys.sale(saleId),
    queryFn: () => fetchSale(saleId),
    refetchInterval: (current) => (current.state.data?.status === 'open' ? 10_000 : false),
  });
  if (sale.data) return <Checkout key={sale.data.id} sale={sale.data} />;
  return (
    <div className="container counter-page">
      <PageTitle title="Sale" />
      <Link className="counter-back" to={paths.counter}>
        ← Counter
      </Link>
      {sale.isPending ? (
        <p className="muted">Loading the sale…</p>
      ) : (
        <AdminBanner>
          {getErrorMessage(sale.error, 'The sale could not be loaded.')}{' '}
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void queryClient.invalidateQueries({ queryKey: counterKeys.sale(saleId) })}
          >
            Try again
          </button>
        </AdminBanner>
      )}
    </div>
  );
}

function Checkout({ sale }: { sale: Sale }) {
  const queryClient = useQueryClient();
  const role = useSessionStore((state) => state.user?.role ?? '');
  const [state, setState] = useState(() => ({ base: sale, draft: draftOf(sale) }));
  const [notice, setNotice] = useState('');
  const [refunding, setRefunding] = useState(false);
  const [voiding, setVoiding] = useState(false);

  // A newer sale from the server (a poll, another desk) replaces an untouched draft; edits are kept
  // until they are saved (and, if the sale moved on meanwhile, refused as SALE_CHANGED).
  if (sale !== state.base && sale.version !== state.base.version && !isDirty(state.draft, state.base))
    setState({ base: sale, draft: draftOf(sale) });

  const accept = (answer: Sale) => {
    queryClient.setQueryData(counterKeys.sale(answer.id), answer);
    void queryClient.invalidateQueries({ queryKey: ['counter', 'sales'] });
    setState({ base: answer, draft: draftOf(answer) });
  };
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: counterKeys.sale(sale.id),
      queryFn: () => fetchSale(sale.id),
    });
    setState({ base: fresh, draft: draftOf(fresh) });
    setNotice(
      'This sale was changed at another desk, so it has been reloaded: check it and make your changes again.',
    );
  };
  const onChangedElsewhere = (error: unknown) => {
    if (isSaleChanged(error)) void reload();
  };

  const current = state.base;
  const open = current.status === 'open';
  const dirty = open && isDirty(state.draft, current);
  const check = checkDraft(state.draft);
  const therapists = useTherapists(current);
  const update = (change: (draft: SaleDraft) => SaleDraft) =>
    setState((now) => ({ ...now, draft: change(now.draft) }));

  const save = useMutation({
    mutationFn: (body: NonNullable<DraftCheck['body']>) =>
      updateSale(current.id, { version: current.version, ...body }),
    onSuccess: (answer) => {
      setNotice('');
      accept(answer);
    },
    onError: onChangedElsewhere,
  });
  const complete = useMutation({
    mutationFn: () => completeSale(current.id, current.version),
    onSuccess: (answer) => {
      toast.success('Sale completed');
      accept(answer);
    },
    onError: onChangedElsewhere,
  });
  const approve = useMutation({ mutationFn: () => approveDiscount(current.id), onSuccess: accept });
  const cancelSale = useMutation({
    mutationFn: () => voidSale(current.id),
    onSuccess: (answer) => {
      setVoiding(false);
      accept(answer);
    },
  });

  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? check.errors : {};
  const submitSave = () => {
    setSubmitted(true);
    if (check.body && !save.isPending) save.mutate(check.body);
  };

  const totals = open ? check.totals : null;
  const totalPaise = totals ? totals.total : current.totalPaise;
  const balancePaise = Math.max(0, totalPaise - current.paidPaise);
  const overLimit =
    open &&
    role &&
    totals &&
    totals.discount > 0 &&
    discountNeedsApproval(role, totals.discount, totals.discountableGross);
  const blocked = dirty
    ? 'Save the changes first.'
    : current.lines.length === 0
      ? 'Add something to the sale first.'
      : current.discountApproval === 'pending'
        ? "The discount is waiting for a manager's approval."
        : null;

  return (
    <div className="container counter-page counter-sale">
      <PageTitle title={`Sale · ${current.customer.name || 'Walk-in'}`} />
      <Link className="counter-back" to={paths.counter}>
        ← Counter
      </Link>
      <header className="counter-head">
        <div>
          <span className="eyebrow">Checkout</span>
          <h1>
            {current.customer.name || 'Walk-in'}{' '}
            <span className={`cat-badge ${STATUS_LOOK[current.status]}`}>{current.status}</span>
          </h1>
          <p className="muted">
            Opened {formatDateTime(current.openedAt)} by {current.cashierName}
            {current.completedAt && ` · completed ${formatDateTime(current.completedAt)}`}
          </p>
        </div>
        {open && !current.tenders.some((tender) => tender.status === 'paid') && (
          <button type="button" className="btn btn--ghost" onClick={() => setVoiding(true)}>
            Void sale
          </button>
        )}
        {current.status === 'completed' && (
          <button type="button" className="btn btn--secondary" onClick={() => setRefunding(true)}>
            Refund
          </button>
        )}
      </header>
      {notice && (
        <p className="counter-notice" role="status">
          {notice}
        </p>
      )}

      <div className="counter-sale__layout">
        <div className="counter-sale__main">
          <CustomerCard
            draft={state.draft}
            errors={errors}
            hint={check.gstinHint}
            editable={open}
            update={update}
          />
          <OwedFromEarlierSales customerId={current.customer.id} saleId={current.id} />

          <section className="counter-card" aria-labelledby="counter-lines-title">
            <h2 id="counter-lines-title">Items</h2>
            <SaleLines draft={state.draft} totals={totals} errors={errors} editable={open} update={update} />
            {open && <AddLines update={update} therapists={therapists} />}
          </section>

          <section className="counter-card" aria-labelledby="counter-discount-title">
            <h2 id="counter-discount-title">Discount on the sale</h2>
            <div className="counter-inline-form">
              <FormField label="Discount (₹)" error={errors.saleDiscount}>
                {(control) => (
                  <input
                    {...control}
                    className="cat-input counter-input--money"
                    inputMode="decimal"
                    readOnly={!open}
                    value={state.draft.saleDiscount}
                    onChange={(event) => update((draft) => ({ ...draft, saleDiscount: event.target.value }))}
                  />
                )}
              </FormField>
              <FormField label="Reason" error={errors.saleDiscountReason}>
                {(control) => (
                  <input
                    {...control}
                    className="cat-input"
                    readOnly={!open}
                    value={state.draft.saleDiscountReason}
                    onChange={(event) =>
                      update((draft) => ({ ...draft, saleDiscountReason: event.target.value }))
                    }
                  />
                )}
              </FormField>
            </div>
            {overLimit && current.discountApproval !== 'approved' && (
              <p className="muted">Above what you may give: a manager approves it once it is saved.</p>
            )}
            <DiscountApproval
              sale={current}
              isAdmin={role === 'admin'}
              approving={approve.isPending}
              onApprove={() => approve.mutate()}
            />
            <AdminBanner>
              {approve.error && getErrorMessage(approve.error, 'The discount could not be approved.')}
            </AdminBanner>
          </section>

          {open && (
            <div className={`counter-savebar${dirty ? ' counter-savebar--dirty' : ''}`}>
              <span>{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={!dirty || save.isPending}
                onClick={() => setState({ base: current, draft: draftOf(current) })}
              >
                Discard
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={!dirty || save.isPending}
                onClick={submitSave}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
              <AdminBanner>
                {(submitted && check.error) ||
                  (save.error && !isSaleChanged(save.error)
                    ? getErrorMessage(save.error, 'The changes could not be saved.')
                    : null)}
              </AdminBanner>
            </div>
          )}
        </div>

        <aside className="counter-sale__side">
          <Totals
            sale={current}
            check={open ? check : null}
            totalPaise={totalPaise}
            balancePaise={balancePaise}
          />

          <section className="counter-card" aria-labelledby="counter-pay-title">
            <h2 id="counter-pay-title">Payment</h2>
            <TenderList sale={current} onSale={accept} />
            {(open || (current.status === 'completed' && current.balancePaise > 0)) &&
              (dirty ? (
                <p className="muted">Save the changes before taking payment.</p>
              ) : current.balancePaise > 0 ? (
                <TenderForm sale={current} onSale={accept} />
              ) : null)}
            {open && (
              <CompleteSale
                sale={current}
                blocked={blocked}
                pending={complete.isPending}
                error={complete.error && !isSaleChanged(complete.error) ? complete.error : null}
                onComplete={() => complete.mutate()}
              />
            )}
          </section>

          {current.status === 'completed' && <SaleInvoice sale={current} />}
        </aside>
      </div>

      {refunding && <RefundDialog sale={current} onClose={() => setRefunding(false)} onSale={accept} />}
      {voiding && (
        <Modal
          title="Void this sale?"
          size="sm"
          role="alertdialog"
          onClose={() => setVoiding(false)}
          footer={
            <>
              <button type="button" className="btn btn--ghost" onClick={() => setVoiding(false)}>
                Keep it
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={cancelSale.isPending}
                onClick={() => cancelSale.mutate()}
              >
                Void sale
              </button>
            </>
          }
        >
          <p className="modal__message">Reserved products go back to stock and no invoice is issued.</p>
          <AdminBanner>
            {cancelSale.error && getErrorMessage(cancelSale.error, 'The sale could not be voided.')}
          </AdminBanner>
        </Modal>
      )}
    </div>
  );
}

function CustomerCard({
  draft,
  errors,
  hint,
  editable,
  update,
}: {
  draft: SaleDraft;
  errors: Record<string, string>;
  hint?: string;
  editable: boolean;
  update: (change: (draft: SaleDraft) => SaleDraft) => void;
}) {
  const field = (
    name: keyof Omit<SaleDraft['customer'], 'id'>,
    label: string,
    type = 'text',
    extra?: { hint?: string },
  ) => (
    <FormField label={label} error={errors[`customer.${name}`]} hint={extra?.hint} required={name === 'name'}>
      {(control) => (
        <input
          {...control}
          className="cat-input"
          type={type}
          readOnly={!editable}
          value={draft.customer[name]}
          onChange={(event) =>
            update((current) => ({
              ...current,
              customer: { ...current.customer, [name]: event.target.value },
            }))
          }
        />
      )}
    </FormField>
  );
  return (
    <section className="counter-card" aria-labelledby="counter-customer-title">
      <h2 id="counter-customer-title">Customer</h2>
      <div className="counter-customer">
        {field('name', 'Name')}
        {field('phone', 'Phone', 'tel')}
        {field('email', 'Email', 'email')}
        {field('gstin', 'GSTIN (for a business invoice)', 'text', { hint })}
      </div>
    </section>
  );
}

function DiscountApproval({
  sale,
  isAdmin,
  approving,
  onApprove,
}: {
  sale: Sale;
  isAdmin: boolean;
  approving: boolean;
  onApprove: () => void;
}) {
  if (sale.discountApproval === 'approved') return <p className="counter-approval">Discount approved.</p>;
  if (sale.discountApproval !== 'pending') return null;
  return (
    <div className="counter-approval counter-approval--pending" role="status">
      <span>Waiting for a manager&apos;s approval of the discount ({formatPaise(sale.discountPaise)}).</span>
      {isAdmin && sale.status === 'open' && (
        <button type="button" className="btn btn--primary btn--sm" disabled={approving} onClick={onApprove}>
          Approve discount
        </button>
      )}
    </div>
  );
}

/** The totals: what the customer pays (GST included, split out as the invoice will), paid, balance. */
function Totals({
  sale,
  check,
  totalPaise,
  balancePaise,
}: {
  sale: Sale;
  check: DraftCheck | null;
  totalPaise: number;
  balancePaise: number;
}) {
  const totals = check?.totals;
  const split = totals ? taxSplit(totals) : null;
  const tip = totals ? totals.tip : sale.tipPaise;
  const discount = totals ? totals.discount : sale.discountPaise;
  return (
    <section className="counter-card counter-totals" aria-labelledby="counter-totals-title">
      <h2 id="counter-totals-title">Total</h2>
      <dl>
        {discount > 0 && (
          <div>
            <dt>Discounts</dt>
            <dd>−{formatPaise(discount)}</dd>
          </div>
        )}
        {tip > 0 && (
          <div>
            <dt>Tips (no GST)</dt>
            <dd>{formatPaise(tip)}</dd>
          </div>
        )}
        <div className="counter-totals__total">
          <dt>Total</dt>
          <dd>
            {formatPaise(totalPaise)} <span className="muted">incl. GST</span>
          </dd>
        </div>
        {split &&
          split.rows.map((row) => (
            <div key={row.gstBp} className="counter-totals__tax">
              <dt>
                GST {row.gstBp / 100}% on {formatPaise(row.taxable)}
              </dt>
              <dd>
                CGST {formatPaise(row.cgst)} + SGST {formatPaise(row.sgst)}
              </dd>
            </div>
          ))}
        <div>
          <dt>Paid</dt>
          <dd>{formatPaise(sale.paidPaise)}</dd>
        </div>
        <div className="counter-totals__balance">
          <dt>Balance</dt>
          <dd>{formatPaise(balancePaise)}</dd>
        </div>
      </dl>
      {check?.error && (
        <p className="form-field__error" role="alert">
          {check.error}
        </p>
      )}
    </section>
  );
}
