import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { AdminBanner, AdminTable, NameCell } from '../../components/ui/admin-table';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import {
  counterKeys,
  createSale,
  fetchDrawer,
  fetchSales,
  openShift,
  SALES_PAGE_SIZE,
  type Sale,
  type SaleStatus,
} from './counter.api';
import { formatPaise, rupeesToPaise } from './money';
import '../../components/ui/admin.css';
import '../../components/ui/form-field.css';
import './counter.css';

const STATUS_TABS: Array<{ value: SaleStatus; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Completed' },
  { value: 'voided', label: 'Voided' },
];

/**
 * /dashboard/counter: the desk's till. The drawer (open with its expected cash, or open it with a
 * float), a walk-in's new sale, and the sales still open (or done), each a link to its checkout.
 */
export default function CounterPage() {
  const [status, setStatus] = useState<SaleStatus>('open');
  const [page, setPage] = useState(1);
  const [newSale, setNewSale] = useState(false);
  const sales = useQuery({
    queryKey: counterKeys.sales(status, page),
    queryFn: () => fetchSales(status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

  return (
    <div className="container counter-page">
      <PageTitle title="Counter" />
      <header className="counter-head">
        <div>
          <span className="eyebrow">Front desk</span>
          <h1>Counter</h1>
        </div>
        <div className="counter-head__actions">
          <Link className="btn btn--secondary" to={paths.calendar}>
            Calendar
          </Link>
          <Link className="btn btn--secondary" to={paths.counterDrawer}>
            Cash drawer
          </Link>
          <button type="button" className="btn btn--primary" onClick={() => setNewSale(true)}>
            New sale
          </button>
        </div>
      </header>

      <DrawerStatus />

      <section className="counter-card" aria-labelledby="counter-sales-title">
        <div className="counter-card__head">
          <h2 id="counter-sales-title">Sales</h2>
          <div className="range-toggle" role="group" aria-label="Sales shown">
            {STATUS_TABS.map((tab) => (
              <button
                key={tab.value}
                type="button"
                aria-pressed={status === tab.value}
                onClick={() => {
                  setStatus(tab.value);
                  setPage(1);
                }}
              >
                {tab.label}
              </button>
            ))}
          </div>
        </div>
        <AdminBanner>
          {sales.error && getErrorMessage(sales.error, 'The sales could not be loaded.')}
        </AdminBanner>
        <AdminTable<Sale>
          list={{
            isPending: sales.isPending,
            page,
            pageCount: Math.max(1, sales.data?.pages ?? 1),
            total: sales.data?.total ?? 0,
            setPage,
          }}
          rows={sales.data?.sales ?? []}
          rowKey={(sale) => sale.id}
          noun="sales"
          stacked
          empty={{
            title: status === 'open' ? 'No open sales' : 'No sales here',
            message:
              status === 'open' ? 'Check out a visit from the calendar, or start a new sale.' : undefined,
          }}
          columns={[
            {
              header: 'Customer',
              cell: (sale) => (
                <NameCell
                  name={<Link to={paths.counterSale(sale.id)}>{sale.customer.name || 'Walk-in'}</Link>}
                  sub={sale.customer.phone || undefined}
                />
              ),
            },
            {
              header: 'Items',
              cell: (sale) =>
                sale.lines
                  .filter((line) => line.kind !== 'tip')
                  .map((line) => line.name)
                  .join(', ') || '—',
            },
            { header: 'Opened', cell: (sale) => formatDateTime(sale.openedAt) },
            { header: 'Total', numeric: true, cell: (sale) => formatPaise(sale.totalPaise) },
            {
              header: 'Balance',
              numeric: true,
              cell: (sale) => (sale.balancePaise > 0 ? formatPaise(sale.balancePaise) : 'Paid'),
            },
            {
              header: 'Open',
              hideHeader: true,
              cell: (sale) => (
                <Link className="btn btn--ghost btn--sm" to={paths.counterSale(sale.id)}>
                  {sale.status === 'open' ? 'Continue' : 'View'}
                </Link>
              ),
            },
          ]}
        />
        <p className="muted counter-note">Up to {SALES_PAGE_SIZE} sales a page, newest first.</p>
      </section>

      {newSale && <NewSaleDialog onClose={() => setNewSale(false)} />}
    </div>
  );
}

/** The drawer at a glance: the open shift's expected cash, or a float to open one with. */
export function DrawerStatus() {
  const queryClient = useQueryClient();
  const drawer = useQuery({ queryKey: counterKeys.drawer, queryFn: fetchDrawer, refetchInterval: 30_000 });
  const [float, setFloat] = useState('');
  const [problem, setProblem] = useState('');
  const open = useMutation({
    mutationFn: (paise: number) => openShift(paise),
    onSuccess: async () => {
      setFloat('');
      await queryClient.invalidateQueries({ queryKey: counterKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const paise = rupeesToPaise(float);
    if (paise === null) return setProblem('Enter the float in rupees (0 for none)');
    setProblem('');
    open.mutate(paise);
  };
  const shift = drawer.data?.shift;

  return (
    <section className="counter-card counter-drawer" aria-labelledby="counter-drawer-title">
      <h2 id="counter-drawer-title">Cash drawer</h2>
      <AdminBanner>
        {drawer.error && getErrorMessage(drawer.error, 'The drawer could not be read.')}
      </AdminBanner>
      {drawer.isPending ? (
        <p className="muted">Reading the drawer…</p>
      ) : shift ? (
        <p className="counter-drawer__open">
          <span className="cat-badge cat-badge--success">Open</span> since {formatDateTime(shift.openedAt)} by{' '}
          {shift.openedByName}. Expected in the drawer:{' '}
          <strong>{formatPaise(shift.expectedCashPaise)}</strong>{' '}
          <Link to={paths.counterDrawer}>Cash in/out, close</Link>
        </p>
      ) : drawer.data ? (
        <form className="counter-inline-form" onSubmit={submit} aria-label="Open the drawer">
          <p className="muted">The drawer is closed: cash cannot be taken until a shift is opened.</p>
          <FormField label="Opening float (₹)" error={problem}>
            {(control) => (
              <input
                {...control}
                className="cat-input"
                inputMode="decimal"
                value={float}
                onChange={(event) => setFloat(event.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="btn btn--primary" disabled={open.isPending}>
            {open.isPending ? 'Opening…' : 'Open drawer'}
          </button>
          <AdminBanner>
            {open.error && getErrorMessage(open.error, 'The drawer could not be opened.')}
          </AdminBanner>
        </form>
      ) : null}
    </section>
  );
}

/** A walk-in's sale: who it is for (a name at least), then the checkout screen. */
function NewSaleDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [customer, setCustomer] = useState({ name: '', phone: '', email: '' });
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: () =>
      createSale({
        customer: {
          name: customer.name.trim(),
          ...(customer.phone.trim() ? { phone: customer.phone.trim() } : {}),
          ...(customer.email.trim() ? { email: customer.email.trim() } : {}),
        },
      }),
    onSuccess: (sale) => navigate(paths.counterSale(sale.id)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!customer.name.trim()) return setProblem("Enter the customer's name");
    setProblem('');
    if (!create.isPending) create.mutate();
  };
  const field = (name: keyof typeof customer, label: string, type = 'text', error?: string) => (
    <FormField label={label} error={error} required={name === 'name'}>
      {(control) => (
        <input
          {...control}
          className="cat-input"
          type={type}
          value={customer[name]}
          onChange={(event) => setCustomer((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </FormField>
  );
  return (
    <Modal
      title="New sale"
      description="A walk-in without an appointment: products, add-ons and tips are added next."
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start sale'}
          </button>
        </>
      }
    >
      {field('name', 'Customer name', 'text', problem)}
      {field('phone', 'Phone', 'tel')}
      {field('email', 'Email', 'email')}
      <AdminBanner>
        {create.error && getErrorMessage(create.error, 'The sale could not be started.')}
      </AdminBanner>
    </Modal>
  );
}
