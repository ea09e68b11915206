import { formatDateTime } from '../../lib/format';
import { BUSINESS_TIME_ZONE } from './bill-dates';
import type { Bill } from './bill-types';

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  customerId: 'customer ID',
  gender: 'gender',
  date: 'date',
  roomNo: 'room no.',
  services: 'services',
  products: 'products',
  discountPercent: 'discount %',
  paymentMethod: 'payment method',
  advanceAmount: 'advance',
  subTotal: 'sub total',
  discountAmount: 'discount',
  totalPrice: 'total',
};

/** "services, discount and total" */
export function describeChangedFields(fields: string[]): string {
  const labels = fields.map((field) => FIELD_LABELS[field] ?? field);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

const when = (instant: string) => formatDateTime(instant, { timeZone: BUSINESS_TIME_ZONE });

/** Who issued the bill and who changed what since: the number stays, the record of edits grows. */
export function BillHistory({ bill }: { bill: Bill }) {
  const history = bill.history ?? [];
  return (
    <section className="bill-history" aria-labelledby="bill-history-title">
      <h2 id="bill-history-title">History</h2>
      <ol>
        <li>
          Issued {when(bill.createdAt)}
          {bill.createdBy?.name ? ` by ${bill.createdBy.name}` : ''}
        </li>
        {history.map((entry) => (
          <li key={entry.revision}>
            Edited {when(entry.changedAt)} by {entry.changedBy.name}
            {entry.changes.length
              ? `: ${describeChangedFields(entry.changes.map((change) => change.field))}`
              : ' (no changes)'}
          </li>
        ))}
      </ol>
    </section>
  );
}
