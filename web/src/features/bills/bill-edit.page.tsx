import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { BillForm } from './bill-form';
import { billToForm } from './bill-form-state';
import { useBill } from './bills-api';
import { BillNotFound } from './bill-not-found';

export default function BillEditPage() {
  const { id } = useParams<{ id: string }>();
  const bill = useBill(id);

  useEffect(() => {
    // Spec section 8: fetch errors are only logged.
    if (bill.error) console.error('Failed to load bill', bill.error);
  }, [bill.error]);

  if (bill.isPending) return <PageLoader />;
  if (!bill.data) return <BillNotFound error={bill.error} onRetry={() => void bill.refetch()} />;

  return (
    <div className="bill-page container">
      <PageTitle title={`Edit bill ${bill.data.invoiceNumber}`} />
      <header className="bill-page__header">
        <span className="eyebrow">Edit invoice</span>
        <h1>Edit Bill</h1>
        <p className="muted">
          <Link to={paths.billView(bill.data._id)}>{bill.data.invoiceNumber}</Link> keeps its number; the
          totals are worked out again when you save.
        </p>
      </header>
      {/* Keyed by the bill so a different bill starts from its own values (read once, on mount). */}
      <BillForm key={bill.data._id} billId={bill.data._id} initialValues={billToForm(bill.data)} />
    </div>
  );
}
