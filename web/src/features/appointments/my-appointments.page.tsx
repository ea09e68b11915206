import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { describeNotice } from '@spa/rules';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Modal } from '../../components/ui/modal';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { EmptyState } from '../../components/ui/empty-state';
import {
  appointmentCountLabel,
  awaitsPayment,
  CUSTOMER_STATUS_FILTERS,
  filterAppointments,
  isCancellable,
  newestFirst,
  type Appointment,
  type TimeRange,
} from './appointment';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { appointmentKeys, cancelAppointment, fetchUserAppointments } from './appointments.api';
import { useBookingRules } from '../../app/booking-rules';
import { BUSINESS_TIME_ZONE } from './business-time';
import { useNow } from './date-time-picker';
import { StatusBadge } from './status-badge';
import { MyWaitlist } from './waitlist-list';
import { InvoiceButton, useMyDocuments, YourInvoices } from '../tax-documents/invoice-links';
import { invoiceOfSale, type TaxDocumentSummary } from '../tax-documents/tax-documents.api';
import '../auth/forms.css';
import './my-appointments.css';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

const TABS: ReadonlyArray<{ value: TimeRange; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

/** /my-appointments: the signed-in customer's appointments (spec section 2). */
export default function MyAppointmentsPage() {
  const user = useSessionStore((state) => state.user);
  const [tab, setTab] = useState<TimeRange>('upcoming');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const now = useNow();
  const rules = useBookingRules();
  const id = useId();

  const query = useQuery({
    queryKey: appointmentKeys.user(user?.id ?? '', tab),
    queryFn: () => fetchUserAppointments(user!.id, tab),
    enabled: Boolean(user),
    // Booking records an online payment from commerce's event, a moment after the checkout: look again
    // while one is still waiting, so Paid (or a hold that ran out) shows without a reload.
    refetchInterval: (current) => (current.state.data?.some(awaitsPayment) ? 3_000 : false),
  });
  const all = useMemo(() => newestFirst(query.data ?? []), [query.data]);
  const shown = filterAppointments(all, { search, status });
  const open = all.find((appointment) => appointment.id === openId) ?? null;
  // The customer's GST documents; a checked-out visit links to the invoice of its sale.
  const documents = useMyDocuments(user?.id).data ?? [];

  if (query.isError)
    return (
      <div className="container apt-page">
        <PageTitle title="My Appointments" />
        <EmptyState title="Error Loading Appointments" message="Failed to load appointments.">
          <Link to={paths.dashboard} className="btn btn--primary">
            Back to Dashboard
          </Link>
        </EmptyState>
      </div>
    );

  return (
    <div className="container apt-page">
      <PageTitle title="My Appointments" />
      <header className="apt-page__header">
        <div>
          <span className="eyebrow">Your visits</span>
          <h1>My Appointments</h1>
          <p className="apt-page__count" aria-live="polite">
            {query.isPending ? 'Loading…' : appointmentCountLabel(shown.length)}
          </p>
        </div>
        <Link to={paths.appointment} className="btn btn--primary">
          Book Appointment
        </Link>
      </header>

      <MyWaitlist />

      <YourInvoices documents={documents} />

      <div className="apt-toolbar">
        <div className="range-tabs" role="group" aria-label="Time range">
          {TABS.map((entry) => (
            <button
              key={entry.value}
              type="button"
              aria-pressed={tab === entry.value}
              onClick={() => setTab(entry.value)}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div className="apt-toolbar__filters" role="search">
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Search appointments
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder="Search by appointment ID, service or location"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="visually-hidden" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">All Statuses</option>
            {CUSTOMER_STATUS_FILTERS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
      </div>

      {query.isPending ? (
        <p className="muted" role="status">
          Loading your appointments…
        </p>
      ) : all.length === 0 ? (
        <EmptyState
          title="No appointments yet"
          message={
            tab === 'past'
              ? 'Your past visits will appear here.'
              : 'Book a treatment and it will appear here.'
          }
        >
          <Link to={paths.appointment} className="btn btn--primary">
            Book Appointment
          </Link>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title="No appointments match your search" message="Try other words or another status." />
      ) : (
        <ul className="apt-cards">
          {shown.map((appointment) => (
            <AppointmentCard
              key={appointment.id}
              appointment={appointment}
              invoice={invoiceOfSale(documents, appointment.checkedOutSaleId)}
              onView={() => setOpenId(appointment.id)}
            />
          ))}
        </ul>
      )}

      <AppointmentDetailsDialog
        appointment={cancelling ? null : open}
        onClose={() => setOpenId(null)}
        actions={
          open && isCancellable(open, now, rules.cancellationNoticeMinutes) ? (
            <button type="button" className="btn btn--danger" onClick={() => setCancelling(open)}>
              Cancel Appointment
            </button>
          ) : null
        }
      />
      <CancelDialog appointment={cancelling} onDone={() => setCancelling(null)} />
    </div>
  );
}

function AppointmentCard({
  appointment,
  invoice,
  onView,
}: {
  appointment: Appointment;
  invoice?: TaxDocumentSummary;
  onView: () => void;
}) {
  return (
    <li className="apt-card">
      <div className="apt-card__head">
        <div>
          <strong className="apt-card__id">{appointment.appointmentId}</strong>
          <span className="muted">Booked {formatDate(appointment.createdAt, IN_BUSINESS_TIME)}</span>
        </div>
        <StatusBadge status={appointment.status} />
      </div>
      <h2 className="apt-card__title">{appointment.service.name}</h2>
      <p className="apt-card__when">
        {formatDate(appointment.start, IN_BUSINESS_TIME)} · {formatTime(appointment.start, IN_BUSINESS_TIME)}
      </p>
      <dl className="apt-card__facts">
        <div>
          <dt>Total</dt>
          <dd>{formatINR(appointment.totalPrice)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            <StatusBadge status={appointment.paymentStatus} kind="payment" />
          </dd>
        </div>
        {appointment.deposit &&
          appointment.paymentStatus === 'Paid' &&
          appointment.status !== 'Cancelled' && (
            <div>
              <dt>Due at the spa</dt>
              <dd>{formatINR(appointment.deposit.balanceDue)}</dd>
            </div>
          )}
        <div>
          <dt>Location</dt>
          <dd>{appointment.room?.location ?? '—'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--secondary btn--sm apt-card__view"
        onClick={onView}
        aria-label={`View Details of ${appointment.appointmentId}`}
      >
        View Details
      </button>
      {invoice && <InvoiceButton document={invoice} />}
    </li>
  );
}

/** "Are you sure?" before calling an appointment off; the server enforces the notice period. */
function CancelDialog({ appointment, onDone }: { appointment: Appointment | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const rules = useBookingRules();
  const cancel = useMutation({
    mutationFn: (target: Appointment) => cancelAppointment(target.id),
    onSuccess: () => {
      toast.success('Appointment cancelled');
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      onDone();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to cancel appointment')),
  });
  return (
    <Modal
      closeOnBackdrop
      open={appointment !== null}
      title="Cancel appointment"
      size="sm"
      onClose={onDone}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onDone} disabled={cancel.isPending}>
            Keep Appointment
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={cancel.isPending}
            onClick={() => appointment && cancel.mutate(appointment)}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel Appointment'}
          </button>
        </>
      }
    >
      {appointment && (
        <p className="modal__message">
          Are you sure you want to cancel {appointment.service.name} on{' '}
          {formatDate(appointment.start, IN_BUSINESS_TIME)} at{' '}
          {formatTime(appointment.start, IN_BUSINESS_TIME)}? Appointments can be cancelled up to{' '}
          {describeNotice(rules.cancellationNoticeMinutes)} before they start.
        </p>
      )}
      {appointment?.deposit && appointment.paymentStatus === 'Paid' && (
        <p className="modal__message" data-testid="cancel-deposit">
          {appointment.deposit.feeIfCancelledNow > 0
            ? `This is a late cancellation: ${formatINR(appointment.deposit.feeIfCancelledNow)} of your ${formatINR(appointment.deposit.amount)} deposit is kept, and ${formatINR(appointment.deposit.amount - appointment.deposit.feeIfCancelledNow)} is refunded.`
            : `Your ${formatINR(appointment.deposit.amount)} deposit is refunded in full.`}
        </p>
      )}
    </Modal>
  );
}
