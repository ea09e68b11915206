import { plainOptions, SelectField } from '../../../components/ui/select-field';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../../appointments/appointment';
import { useNow } from '../../appointments/use-now';
import { paymentStatusChoices, statusChoices } from './admin-filters';

interface StatusSelectsProps {
  appointment: { status: string; paymentStatus: string; paymentMethod?: string; start?: string };
  /** A change is under way: both are disabled until it is answered. */
  busy: boolean;
  onStatus: (status: string) => void;
  onPaymentStatus: (paymentStatus: string) => void;
}

/**
 * An admin's two dropdowns for an appointment, its status and its payment status, with the same
 * choices wherever they appear (the Appointments tab's cards, a block's dialog on the calendar): a
 * refund of an online payment is made through commerce, never picked here (paymentStatusChoices), and
 * a check-in step only when booking's rule allows it now (statusChoices).
 */
export function AppointmentStatusSelects({
  appointment,
  busy,
  onStatus,
  onPaymentStatus,
}: StatusSelectsProps) {
  const now = useNow();
  return (
    <>
      <SelectField
        label="Status"
        value={appointment.status}
        options={plainOptions(statusChoices(APPOINTMENT_STATUSES, appointment, now))}
        disabled={busy}
        onChange={onStatus}
      />
      <SelectField
        label="Payment status"
        value={appointment.paymentStatus}
        options={plainOptions(paymentStatusChoices(PAYMENT_STATUSES, appointment))}
        disabled={busy}
        onChange={onPaymentStatus}
      />
    </>
  );
}
