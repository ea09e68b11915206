import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { AdminBanner } from '../../components/ui/admin-table';
import { FormField } from '../../components/ui/form-field';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { addDaysTo } from '../calendar/calendar-layout';
import {
  closeShift,
  counterKeys,
  fetchDayZReport,
  fetchDrawer,
  fetchShiftZReport,
  fetchShifts,
  recordMovement,
  type Shift,
  type ZReport,
} from './counter.api';
import { DrawerStatus } from './counter.page';
import { formatPaise } from './money';
import { businessDay, useTherapists } from './therapists';
import { checkClose, checkMovement, type MovementForm } from './tenders';
import '../../components/ui/admin.css';
import '../../components/ui/badge.css';
import '../../components/ui/form-field.css';
import '../dashboard/dashboard.css';
import './counter.css';

const MOVEMENT_LABEL: Record<string, string> = {
  in: 'Cash in',
  out: 'Cash out',
  tip_payout: 'Tip paid out',
  sale: 'Sale',
  refund: 'Refund',
};

/** How far back the past shifts go. */
const HISTORY_DAYS = 14;

/**
 * /dashboard/counter/drawer: the cash drawer's shift. Open it with a float; record cash in and out
 * with a reason and tips paid out to a therapist; close it with the cash counted (the difference from
 * what is expected shown as it is typed, and explained when there is one); today's Z report and the
 * shifts before.
 */
export default function DrawerPage() {
  const drawer = useQuery({ queryKey: counterKeys.drawer, queryFn: fetchDrawer, refetchInterval: 30_000 });
  const shift = drawer.data?.shift ?? null;
  const today = businessDay();
  return (
    <div className="container counter-page">
      <PageTitle title="Cash drawer" />
      <Link className="counter-back" to={paths.counter}>
        ← Counter
      </Link>
      <header className="counter-head">
        <div>
          <span className="eyebrow">Front desk</span>
          <h1>Cash drawer</h1>
        </div>
      </header>
      <DrawerStatus />
      {shift && (
        <div className="counter-sale__layout">
          <div className="counter-sale__main">
            <Movements shift={shift} />
          </div>
          <aside className="counter-sale__side">
            <CashMovementForm shift={shift} />
            <CloseShiftForm shift={shift} />
          </aside>
        </div>
      )}
      <ZReportCard
        title={`Today's Z report (${today})`}
        queryKey={counterKeys.zReport(`day:${today}`)}
        load={() => fetchDayZReport(today)}
      />
      <PastShifts today={today} />
    </div>
  );
}

function Movements({ shift }: { shift: Shift }) {
  return (
    <section className="counter-card" aria-labelledby="drawer-movements-title">
      <h2 id="drawer-movements-title">This shift</h2>
      <p>
        Float {formatPaise(shift.openingFloatPaise)} · expected now{' '}
        <strong>{formatPaise(shift.expectedCashPaise)}</strong>
      </p>
      {shift.movements.length === 0 ? (
        <p className="muted">No cash has moved yet.</p>
      ) : (
        <table className="cat-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Reason</th>
              <th scope="col" className="cat-table__number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {shift.movements.map((movement) => (
              <tr key={movement.id}>
                <td>{formatDateTime(movement.recordedAt)}</td>
                <td>{MOVEMENT_LABEL[movement.kind] ?? movement.kind}</td>
                <td>{movement.reason}</td>
                <td className="cat-table__number">
                  {['out', 'tip_payout', 'refund'].includes(movement.kind) ? '−' : ''}
                  {formatPaise(movement.amountPaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const emptyMovement = (): MovementForm => ({ kind: 'in', amount: '', reason: '', employeeId: '' });

function CashMovementForm({ shift }: { shift: Shift }) {
  const queryClient = useQueryClient();
  const therapists = useTherapists();
  const [form, setForm] = useState(emptyMovement);
  const [submitted, setSubmitted] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const record = useMutation({
    mutationFn: (input: NonNullable<ReturnType<typeof checkMovement>['input']>) =>
      recordMovement(shift.id, input, key),
    onSuccess: async () => {
      setForm(emptyMovement());
      setSubmitted(false);
      setKey(crypto.randomUUID());
      await queryClient.invalidateQueries({ queryKey: counterKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) setKey(crypto.randomUUID());
    },
  });
  const check = checkMovement(form);
  const errors = submitted ? check.errors : {};
  const set = (change: Partial<MovementForm>) => setForm((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.input && !record.isPending) record.mutate(check.input);
  };
  return (
    <section className="counter-card" aria-labelledby="drawer-move-title">
      <h2 id="drawer-move-title">Cash in / out</h2>
      <form className="counter-stack" onSubmit={submit}>
        <div className="range-toggle" role="group" aria-label="Kind of movement">
          {(['in', 'out', 'tip_payout'] as const).map((kind) => (
            <button key={kind} type="button" aria-pressed={form.kind === kind} onClick={() => set({ kind })}>
              {MOVEMENT_LABEL[kind]}
            </button>
          ))}
        </div>
        {form.kind === 'tip_payout' && (
          <FormField label="Therapist" error={errors.employeeId}>
            {(control) => (
              <select
                {...control}
                className="cat-input"
                value={form.employeeId}
                onChange={(event) => set({ employeeId: event.target.value })}
              >
                <option value="">Choose…</option>
                {therapists.map((therapist) => (
                  <option key={therapist.id} value={therapist.id}>
                    {therapist.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField label="Amount (₹)" error={errors.amount}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              inputMode="decimal"
              value={form.amount}
              onChange={(event) => set({ amount: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Reason" error={errors.reason}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={form.reason}
              onChange={(event) => set({ reason: event.target.value })}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record'}
        </button>
        <AdminBanner>
          {record.error && getErrorMessage(record.error, 'The movement was refused.')}
        </AdminBanner>
      </form>
    </section>
  );
}

function CloseShiftForm({ shift }: { shift: Shift }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ counted: '', note: '' });
  const [submitted, setSubmitted] = useState(false);
  const close = useMutation({
    mutationFn: (input: { countedCashPaise: number; note: string }) =>
      closeShift(shift.id, input.countedCashPaise, input.note),
    onSuccess: async () => {
      setForm({ counted: '', note: '' });
      setSubmitted(false);
      await queryClient.invalidateQueries({ queryKey: counterKeys.all });
    },
  });
  const check = checkClose(form, shift.expectedCashPaise);
  const errors = submitted ? check.errors : {};
  const difference = form.counted.trim() ? check.differencePaise : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.input && !close.isPending) close.mutate(check.input);
  };
  return (
    <section className="counter-card" aria-labelledby="drawer-close-title">
      <h2 id="drawer-close-title">Close the drawer</h2>
      <form className="counter-stack" onSubmit={submit}>
        <p>
          Expected: <strong>{formatPaise(shift.expectedCashPaise)}</strong>
        </p>
        <FormField label="Cash counted (₹)" error={errors.counted}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              inputMode="decimal"
              value={form.counted}
              onChange={(event) => setForm((current) => ({ ...current, counted: event.target.value }))}
            />
          )}
        </FormField>
        {difference !== undefined && (
          <p
            className={`counter-difference${difference === 0 ? '' : ' counter-difference--off'}`}
            aria-live="polite"
          >
            {difference === 0
              ? 'The drawer matches.'
              : difference < 0
                ? `Short by ${formatPaise(-difference)}`
                : `Over by ${formatPaise(difference)}`}
          </p>
        )}
        <FormField label="Note" error={errors.note} required={difference !== undefined && difference !== 0}>
          {(control) => (
            <textarea
              {...control}
              className="cat-input"
              rows={2}
              value={form.note}
              onChange={(event) => setForm((current) => ({ ...current, note: event.target.value }))}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={close.isPending}>
          {close.isPending ? 'Closing…' : 'Close the drawer'}
        </button>
        <AdminBanner>
          {close.error && getErrorMessage(close.error, 'The drawer could not be closed.')}
        </AdminBanner>
      </form>
    </section>
  );
}

function ZReportCard({
  title,
  queryKey,
  load,
}: {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<ZReport>;
}) {
  const report = useQuery({ queryKey, queryFn: load });
  return (
    <section className="counter-card" aria-label={title}>
      <h2>{title}</h2>
      <AdminBanner>
        {report.error && getErrorMessage(report.error, 'The Z report could not be loaded.')}
      </AdminBanner>
      {report.isPending ? (
        <p className="muted">Loading…</p>
      ) : report.data ? (
        <ZReportBody report={report.data} />
      ) : null}
    </section>
  );
}

function ZReportBody({ report }: { report: ZReport }) {
  const rows: Array<[string, number | null]> = [
    [`Sales (${report.sales.count})`, report.sales.totalPaise],
    ['of which tips', report.sales.tipPaise],
    ['Discounts given', report.sales.discountPaise],
    ['Cash', report.tenders.cash],
    ['Card terminal', report.tenders.card_terminal],
    ['UPI / card links', report.tenders.razorpay],
    ['Paid online before', report.tenders.online],
    [`Refunds (${report.refunds.count})`, report.refunds.totalPaise],
    ['of which cash', report.refunds.cashPaise],
    ['Cash in', report.movements.in],
    ['Cash out', report.movements.out],
    ['Tips paid out', report.movements.tipPayouts],
    ['Opening float', report.openingFloatPaise],
    ['Expected cash', report.expectedCashPaise],
    ['Counted cash', report.countedCashPaise],
    ['Difference', report.differencePaise],
  ];
  return (
    <dl className="counter-zreport">
      {rows.map(([label, paise]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{paise === null ? '—' : formatPaise(paise)}</dd>
        </div>
      ))}
    </dl>
  );
}

function PastShifts({ today }: { today: string }) {
  const from = addDaysTo(today, -HISTORY_DAYS);
  const shifts = useQuery({
    queryKey: counterKeys.shifts(from, today),
    queryFn: () => fetchShifts(from, today),
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const closed = (shifts.data?.shifts ?? []).filter((shift) => shift.status === 'closed');
  return (
    <section className="counter-card" aria-labelledby="drawer-past-title">
      <h2 id="drawer-past-title">Past shifts (last {HISTORY_DAYS} days)</h2>
      <AdminBanner>
        {shifts.error && getErrorMessage(shifts.error, 'The shifts could not be loaded.')}
      </AdminBanner>
      {shifts.isPending ? (
        <p className="muted">Loading…</p>
      ) : closed.length === 0 ? (
        <p className="muted">No closed shifts.</p>
      ) : (
        <ul className="counter-shifts">
          {closed.map((shift) => (
            <li key={shift.id}>
              <div className="counter-shifts__row">
                <span>
                  {formatDateTime(shift.openedAt)} – {formatDateTime(shift.closedAt)} · {shift.openedByName}
                  {shift.closedByName &&
                    shift.closedByName !== shift.openedByName &&
                    ` / ${shift.closedByName}`}
                </span>
                <span>
                  Counted {formatPaise(shift.countedCashPaise)} ·{' '}
                  <span className={shift.differencePaise ? 'counter-difference--off' : undefined}>
                    difference {formatPaise(shift.differencePaise)}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-expanded={openId === shift.id}
                  onClick={() => setOpenId(openId === shift.id ? null : shift.id)}
                >
                  Z report
                </button>
              </div>
              {shift.closeNote && <p className="muted">Note: {shift.closeNote}</p>}
              {openId === shift.id && (
                <ZReportCard
                  title="Shift Z report"
                  queryKey={counterKeys.zReport(`shift:${shift.id}`)}
                  load={() => fetchShiftZReport(shift.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
