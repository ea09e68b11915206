import type { ReactNode } from 'react';
import { formatDate, formatDuration, formatINR, formatTime } from '../../../lib/format';
import { appointmentMinutes, paymentMethodLabel, type Appointment } from '../../appointments/appointment';
import { BUSINESS_TIME_ZONE } from '../../appointments/business-time';
import { StatusBadge } from '../../appointments/status-badge';
import { employeeRoleLabel } from '../../auth/account';
import { canAssignEmployee, canComplete } from './admin-filters';
import { AppointmentStatusSelects } from './status-selects';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

interface AdminAppointmentCardProps {
  appointment: Appointment;
  /** An action on this appointment is under way. */
  busy: boolean;
  onStatus: (status: string) => void;
  onPaymentStatus: (paymentStatus: string) => void;
  onAssign: () => void;
  onComplete: () => void;
  /** Opens the refund dialog; shown for an online payment that was captured. */
  onRefund: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="adm-apt__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One appointment with its status and payment dropdowns, Assign Employee and Complete Appointment. */
export function AdminAppointmentCard({
  appointment,
  busy,
  onStatus,
  onPaymentStatus,
  onAssign,
  onComplete,
  onRefund,
}: AdminAppointmentCardProps) {
  const { customer, service, room, employee } = appointment;
  const minutes = appointmentMinutes(appointment);

  return (
    <li className="adm-apt" aria-busy={busy || undefined}>
      <header className="adm-apt__head">
        <div>
          <strong className="adm-apt__id">{appointment.appointmentId}</strong>
          <span className="muted">Booked {formatDate(appointment.createdAt, IN_BUSINESS_TIME)}</span>
        </div>
        <div className="adm-apt__badges">
          <StatusBadge status={appointment.status} />
          <StatusBadge status={appointment.paymentStatus} kind="payment" />
        </div>
      </header>

      <dl className="adm-apt__facts">
        <Fact label="Customer">
          <strong>{customer?.name ?? '—'}</strong>
          {customer?.email && <span className="muted">{customer.email}</span>}
          {customer?.phone && <span className="muted">{customer.phone}</span>}
        </Fact>
        <Fact label="Service">
          <strong>{service.name}</strong>
          {minutes !== undefined && <span className="muted">{formatDuration(minutes)}</span>}
        </Fact>
        <Fact label="When">
          <strong>{formatDate(appointment.start, IN_BUSINESS_TIME)}</strong>
          <span className="muted">
            {formatTime(appointment.start, IN_BUSINESS_TIME)}
            {appointment.end ? ` - ${formatTime(appointment.end, IN_BUSINESS_TIME)}` : ''}
          </span>
        </Fact>
        <Fact label="Room">
          <strong>{room ? [room.type, room.roomNumber].filter(Boolean).join(' · ') : '—'}</strong>
          {room?.location && <span className="muted">{room.location}</span>}
        </Fact>
        <Fact label="Employee">
          {employee ? (
            <>
              <strong>{employee.name}</strong>
              <span className="muted">
                {[employee.employeeId, employee.employeeRole && employeeRoleLabel(employee.employeeRole)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </>
          ) : (
            <span className="muted">Not assigned</span>
          )}
        </Fact>
        <Fact label="Amount">
          <strong>{formatINR(appointment.totalPrice)}</strong>
          <span className="muted">{paymentMethodLabel(appointment.paymentMethod)}</span>
        </Fact>
      </dl>

      <div className="adm-apt__actions">
        <AppointmentStatusSelects
          appointment={appointment}
          busy={busy}
          onStatus={onStatus}
          onPaymentStatus={onPaymentStatus}
        />
        <div className="adm-apt__buttons">
          {canAssignEmployee(appointment) && (
            <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={onAssign}>
              Assign Employee
            </button>
          )}
          {appointment.paymentMethod === 'online' &&
            (appointment.paymentStatus === 'Paid' || appointment.paymentStatus === 'Partially refunded') && (
              <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={onRefund}>
                Refund
              </button>
            )}
          {canComplete(appointment) && (
            <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={onComplete}>
              Complete Appointment
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
