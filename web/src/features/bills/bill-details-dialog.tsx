import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { CloseIcon } from '../../components/icons';
import { formatINR } from '../../lib/format';
import { formatBillDate } from './bill-dates';
import type { Bill } from './bill-types';
import { PaymentBadge } from './payment-badge';

interface BillDetailsDialogProps {
  bill: Bill | null;
  onClose: () => void;
}

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** The View popup of the bills list (spec section 2): a modal <dialog>, closed by Escape, × or the backdrop. */
export function BillDetailsDialog({ bill, onClose }: BillDetailsDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // An issued invoice is changed by an admin only (the server refuses an employee's edit).
  const canEdit = useSessionStore((state) => state.user?.role === 'admin');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (bill && !dialog.open) dialog.showModal();
    if (!bill && dialog.open) dialog.close();
  }, [bill]);

  return (
    <dialog
      ref={dialogRef}
      className="bill-dialog"
      aria-labelledby="bill-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {bill && (
        <div className="bill-dialog__body">
          <header className="bill-dialog__header">
            <div>
              <span className="eyebrow">Bill details</span>
              <h2 id="bill-dialog-title">{bill.invoiceNumber}</h2>
            </div>
            <button type="button" className="bill-dialog__close" onClick={onClose} aria-label="Close">
              <CloseIcon size={20} />
            </button>
          </header>

          <dl className="bill-dialog__facts">
            <div>
              <dt>Name</dt>
              <dd>{bill.name}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{bill.phone}</dd>
            </div>
            <div>
              <dt>Gender</dt>
              <dd>{bill.gender}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatBillDate(bill.date)}</dd>
            </div>
            <div>
              <dt>Customer ID</dt>
              <dd>{bill.customerId}</dd>
            </div>
            <div>
              <dt>Discount</dt>
              <dd>{percent(bill.discountPercent)}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd className="bill-dialog__total">{formatINR(bill.totalPrice)}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>
                <PaymentBadge method={bill.paymentMethod} />
              </dd>
            </div>
          </dl>

          <section aria-labelledby="bill-dialog-services">
            <h3 id="bill-dialog-services" className="bill-dialog__heading">
              Services
            </h3>
            {bill.services.length ? (
              <ul className="bill-dialog__lines">
                {bill.services.map((line, index) => (
                  <li key={index}>
                    <span>{line.serviceName}</span>
                    <span>{formatINR(line.price)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No services</p>
            )}
          </section>

          <section aria-labelledby="bill-dialog-products">
            <h3 id="bill-dialog-products" className="bill-dialog__heading">
              Products
            </h3>
            {bill.products.length ? (
              <ul className="bill-dialog__lines">
                {bill.products.map((line, index) => (
                  <li key={index}>
                    <span>
                      {line.productName} × {line.quantity}
                    </span>
                    <span>{formatINR(line.unitPrice)} each</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No products</p>
            )}
          </section>

          <footer className="bill-dialog__actions">
            {canEdit && (
              <Link className="btn btn--secondary btn--sm" to={paths.editBill(bill._id)}>
                Edit
              </Link>
            )}
            <Link className="btn btn--primary btn--sm" to={paths.billView(bill._id)}>
              Open invoice
            </Link>
          </footer>
        </div>
      )}
    </dialog>
  );
}
