import './status-badge.css';
import { paymentTone, statusTone } from './appointment';

/** An appointment's status or payment status as a colour-coded pill (spec section 4). */
export function StatusBadge({ status, kind = 'status' }: { status: string; kind?: 'status' | 'payment' }) {
  const tone = kind === 'payment' ? paymentTone(status) : statusTone(status);
  return <span className={`status-badge status-badge--${tone}`}>{status}</span>;
}
