import { useId } from 'react';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../../appointments/appointment';
import { optionsWith, paymentStatusChoices } from './admin-filters';
import '../../auth/forms.css';

interface StatusSelectsProps {
  appointment: { status: string; paymentStatus: string; paymentMethod?: string };
  /** A change is under way: both are disabled until it is answered. */
  busy: boolean;
  onStatus: (status: string) => void;
  onPaymentStatus: (paymentStatus: string) => void;
}

/**
 * An admin's two dropdowns for an appointment, its status and its payment status, with the same
 * choices wherever they appear (the Appointments tab's cards, a block's dialog on the calendar): a
 * refund of an online payment is made through commerce, never picked here (paymentStatusChoices).
 */
export function AppointmentStatusSelects({
  appointment,
  busy,
  onStatus,
  onPaymentStatus,
}: StatusSelectsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="select"
          value={appointment.status}
          disabled={busy}
          onChange={(event) => onStatus(event.target.value)}
        >
          {optionsWith(APPOINTMENT_STATUSES, appointment.status).map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-payment`}>
          Payment status
        </label>
        <select
          id={`${id}-payment`}
          className="select"
          value={appointment.paymentStatus}
          disabled={busy}
          onChange={(event) => onPaymentStatus(event.target.value)}
        >
          {paymentStatusChoices(PAYMENT_STATUSES, appointment).map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
    </>
  );
}
