import type { AdminColumn } from '../../../components/ui/admin-table';
import { formatDate, formatDuration, formatINR, formatTime } from '../../../lib/format';
import { appointmentMinutes, paymentMethodLabel, type Appointment } from '../../appointments/appointment';
import { BUSINESS_TIME_ZONE } from '../../appointments/business-time';
import { StatusBadge } from '../../appointments/status-badge';
import { employeeRoleLabel } from '../../auth/account';
import { canAssignEmployee, canComplete } from './admin-filters';
import { AppointmentStatusSelects } from './status-selects';
import { CheckoutButton } from '../../counter/checkout-button';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

/** What an admin does to one appointment from its row. */
export interface AppointmentRowActions {
  /** An action on this appointment is under way: its controls wait. */
  busy: (appointment: Appointment) => boolean;
  onStatus: (appointment: Appointment, status: string) => void;
  onPaymentStatus: (appointment: Appointment, paymentStatus: string) => void;
  onAssign: (appointment: Appointment) => void;
  onComplete: (appointment: Appointment) => void;
  /** Opens the refund dialog; offered for an online payment that was captured. */
  onRefund: (appointment: Appointment) => void;
}

const refundable = (appointment: Appointment) =>
  appointment.paymentMethod === 'online' &&
  (appointment.paymentStatus === 'Paid' || appointment.paymentStatus === 'Partially refunded');

/** The buttons under a row's dropdowns, each offered only where it applies. */
const ROW_BUTTONS: Array<{
  text: string;
  look: 'primary' | 'secondary' | 'ghost';
  offered: (appointment: Appointment) => boolean;
  action: 'onAssign' | 'onRefund' | 'onComplete';
}> = [
  { text: 'Assign Employee', look: 'secondary', offered: canAssignEmployee, action: 'onAssign' },
  { text: 'Refund', look: 'ghost', offered: refundable, action: 'onRefund' },
  { text: 'Complete Appointment', look: 'primary', offered: canComplete, action: 'onComplete' },
];

/** A bold first line and muted lines under it, the shape of every cell of the list. */
function Lines({ main, sub }: { main: string; sub: (string | undefined)[] }) {
  return (
    <>
      <strong>{main}</strong>
      {sub.filter(Boolean).map((line) => (
        <span key={line} className="cat-table__sub">
          {line}
        </span>
      ))}
    </>
  );
}

/**
 * The Appointments tab's columns: the appointment with its status and payment badges, who, what,
 * when, where, by whom and for how much, then the status and payment dropdowns and the row's buttons
 * (Assign Employee, Refund, Complete Appointment).
 */
export function appointmentColumns(actions: AppointmentRowActions): AdminColumn<Appointment>[] {
  return [
    {
      header: 'Appointment',
      cell: (appointment) => (
        <>
          <strong className="adm-apt__id">{appointment.appointmentId}</strong>
          <span className="cat-table__sub">Booked {formatDate(appointment.createdAt, IN_BUSINESS_TIME)}</span>
          <span className="adm-apt__badges">
            <StatusBadge status={appointment.status} />
            <StatusBadge status={appointment.paymentStatus} kind="payment" />
          </span>
        </>
      ),
    },
    {
      header: 'Customer',
      cell: ({ customer }) => <Lines main={customer?.name ?? '—'} sub={[customer?.email, customer?.phone]} />,
    },
    {
      header: 'Service',
      cell: (appointment) => {
        const minutes = appointmentMinutes(appointment);
        return (
          <Lines
            main={appointment.service.name}
            sub={[minutes === undefined ? undefined : formatDuration(minutes)]}
          />
        );
      },
    },
    {
      header: 'When',
      cell: ({ start, end }) => (
        <Lines
          main={formatDate(start, IN_BUSINESS_TIME)}
          sub={[
            `${formatTime(start, IN_BUSINESS_TIME)}${end ? ` - ${formatTime(end, IN_BUSINESS_TIME)}` : ''}`,
          ]}
        />
      ),
    },
    {
      header: 'Room',
      cell: ({ room }) => (
        <Lines
          main={room ? [room.type, room.roomNumber].filter(Boolean).join(' · ') : '—'}
          sub={[room?.location]}
        />
      ),
    },
    {
      header: 'Employee',
      cell: ({ employee }) =>
        employee ? (
          <Lines
            main={employee.name}
            sub={[
              [employee.employeeId, employee.employeeRole && employeeRoleLabel(employee.employeeRole)]
                .filter(Boolean)
                .join(' · '),
            ]}
          />
        ) : (
          <span className="muted">Not assigned</span>
        ),
    },
    {
      header: 'Amount',
      numeric: true,
      cell: (appointment) => (
        <Lines
          main={formatINR(appointment.totalPrice)}
          sub={[paymentMethodLabel(appointment.paymentMethod)]}
        />
      ),
    },
    {
      header: 'Manage',
      cell: (appointment) => {
        const busy = actions.busy(appointment);
        return (
          <div className="adm-apt__actions">
            <AppointmentStatusSelects
              appointment={appointment}
              busy={busy}
              onStatus={(status) => actions.onStatus(appointment, status)}
              onPaymentStatus={(paymentStatus) => actions.onPaymentStatus(appointment, paymentStatus)}
            />
            {ROW_BUTTONS.filter((button) => button.offered(appointment)).map((button) => (
              <button
                key={button.text}
                type="button"
                className={`btn btn--${button.look} btn--sm`}
                disabled={busy}
                onClick={() => actions[button.action](appointment)}
              >
                {button.text}
              </button>
            ))}
            <CheckoutButton appointment={appointment} />
          </div>
        );
      },
    },
  ];
}
