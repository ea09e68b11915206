import { formatINR } from '../../lib/format';
import { formatBillDate } from './bill-dates';
import type { Bill } from './bill-types';
import { PaymentBadge } from './payment-badge';

interface BillsTableProps {
  bills: Bill[];
  onView: (bill: Bill) => void;
  onDownload: (bill: Bill) => void;
  downloadingId: string | null;
}

/** The billing history; below 720 px each row becomes a card whose cells carry their own labels. */
export function BillsTable({ bills, onView, onDownload, downloadingId }: BillsTableProps) {
  return (
    <table className="bills-table">
      <thead>
        <tr>
          <th scope="col">Invoice #</th>
          <th scope="col">Customer</th>
          <th scope="col">Date</th>
          <th scope="col" className="bills-table__number">
            Total
          </th>
          <th scope="col">Payment</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bills.map((bill) => (
          <tr key={bill._id}>
            <td data-label="Invoice #" className="bills-table__invoice">
              {bill.invoiceNumber}
            </td>
            <td data-label="Customer">
              <span className="bills-table__name">{bill.name}</span>
              <span className="bills-table__phone">{bill.phone}</span>
            </td>
            <td data-label="Date">{formatBillDate(bill.date)}</td>
            <td data-label="Total" className="bills-table__number bills-table__total">
              {formatINR(bill.totalPrice)}
            </td>
            <td data-label="Payment">
              <PaymentBadge method={bill.paymentMethod} />
            </td>
            <td className="bills-table__actions">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => onView(bill)}
                aria-label={`View bill ${bill.invoiceNumber}`}
              >
                View
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => onDownload(bill)}
                disabled={downloadingId === bill._id}
                aria-label={`Download PDF of bill ${bill.invoiceNumber}`}
              >
                {downloadingId === bill._id ? 'Downloading…' : 'Download PDF'}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
