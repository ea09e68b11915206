import './bill-common.css';

/** Cash, UPI and Card (or any other method the server names) each in their own colour; the text carries the meaning, the colour only helps. */
export function PaymentBadge({ method }: { method: string }) {
  const variant = method.toLowerCase().replace(/[^a-z]/g, '') || 'other';
  return <span className={`payment-badge payment-badge--${variant}`}>{method}</span>;
}
