import type { ReactNode } from 'react';
import { Modal } from '../../components/ui/modal';
import { formatDate, formatDuration, formatINR, formatTime } from '../../lib/format';
import {
  appointmentMinutes,
  paymentMethodLabel,
  type Appointment,
  type AppointmentDeposit,
} from './appointment';
import { BUSINESS_TIME_ZONE } from './business-time';
import { StatusBadge } from './status-badge';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="apt-details__group">
      <h3>{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface AppointmentDetailsDialogProps {
  appointment: Appointment | null;
  onClose: () => void;
  /** Buttons beside Close, e.g. Cancel Appointment when the notice allows it. */
  actions?: ReactNode;
}

/** Every field of one appointment (spec: My Appointments' details modal). */
export function AppointmentDetailsDialog({ appointment, onClose, actions }: AppointmentDetailsDialogProps) {
  return (
    <Modal
      closeOnBackdrop
      open={appointment !== null}
      title="Appointment Details"
      onClose={onClose}
      footer={
        <>
          {actions}
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {appointment && <DetailsBody appointment={appointment} />}
    </Modal>
  );
}

function DetailsBody({ appointment }: { appointment: Appointment }) {
  const { service, room, employee } = appointment;
  return (
    <div className="apt-details">
      <Group title="Appointment">
        <Row label="Appointment ID">{appointment.appointmentId}</Row>
        <Row label="Booked on">{formatDate(appointment.createdAt, IN_BUSINESS_TIME)}</Row>
        <Row label="Status">
          <StatusBadge status={appointment.status} />
        </Row>
        <Row label="Payment status">
          <StatusBadge status={appointment.paymentStatus} kind="payment" />
        </Row>
      </Group>

      <Group title="Service">
        <Row label="Name">{service.name}</Row>
        <Row label="Duration">{formatDuration(appointmentMinutes(appointment))}</Row>
        <Row label="Service price">{formatINR(appointment.servicePrice)}</Row>
      </Group>

      <Group title="Timing">
        <Row label="Date">{formatDate(appointment.start, IN_BUSINESS_TIME)}</Row>
        <Row label="Time">
          {formatTime(appointment.start, IN_BUSINESS_TIME)}
          {appointment.end ? ` - ${formatTime(appointment.end, IN_BUSINESS_TIME)}` : ''}
        </Row>
      </Group>

      {room && (
        <Group title="Room">
          <Row label="Room number">{room.roomNumber ?? '—'}</Row>
          <Row label="Type">{room.type ?? '—'}</Row>
          <Row label="Location">{room.location ?? '—'}</Row>
          <Row label="Room price">{formatINR(room.price ?? appointment.roomPrice)}</Row>
        </Group>
      )}

      {employee && (
        <Group title="Assigned employee">
          <Row label="Name">{employee.name}</Row>
          <Row label="Employee ID">{employee.employeeId ?? '—'}</Row>
        </Group>
      )}

      <Group title="Payment">
        <Row label="Method">{paymentMethodLabel(appointment.paymentMethod)}</Row>
        <Row label="Service price">{formatINR(appointment.servicePrice)}</Row>
        <Row label="Room price">{formatINR(appointment.roomPrice)}</Row>
        <Row label="Total">
          <strong>{formatINR(appointment.totalPrice)}</strong>
        </Row>
        {appointment.deposit && <DepositRows appointment={appointment} deposit={appointment.deposit} />}
      </Group>
    </div>
  );
}

/**
 * A deposit booking: what was paid online, what is due at the spa, and the terms agreed when booking
 * (or, once cancelled, what was kept).
 */
function DepositRows({ appointment, deposit }: { appointment: Appointment; deposit: AppointmentDeposit }) {
  const cancelled = appointment.status === 'Cancelled';
  return (
    <>
      <Row label="Deposit paid online">{formatINR(deposit.amount)}</Row>
      {!cancelled && appointment.status !== 'No-show' && (
        <Row label="Due at the spa">{formatINR(deposit.balanceDue)}</Row>
      )}
      {cancelled && deposit.kept > 0 && <Row label="Kept (late cancellation)">{formatINR(deposit.kept)}</Row>}
      {appointment.status === 'No-show' && <Row label="Kept (missed)">{formatINR(deposit.amount)}</Row>}
      {!cancelled && deposit.lateCancellationHours > 0 && deposit.lateCancellationFeePercent > 0 && (
        <Row label="Cancellation terms">
          Free up to {deposit.lateCancellationHours} hours before; later, {deposit.lateCancellationFeePercent}
          % of the deposit is kept
        </Row>
      )}
    </>
  );
}
