import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { ArrowLeftIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { BillHistory } from './bill-history';
import { BillInvoice } from './bill-invoice';
import { BillNotFound } from './bill-not-found';
import { useBill } from './bills-api';
import { useBillPdfDownload } from './download-bill';
import { FormBanner } from './form-banner';
import './bill-invoice.css';

/** The message the form passes on after saving ("Bill created successfully!"). */
function useFlashMessage(): string | null {
  const location = useLocation();
  const [flash] = useState(() => {
    const state = location.state as { flash?: unknown } | null;
    return typeof state?.flash === 'string' ? state.flash : null;
  });
  return flash;
}

export default function BillViewPage() {
  const { id } = useParams<{ id: string }>();
  const bill = useBill(id);
  const flash = useFlashMessage();
  const { downloadPdf, downloadingId } = useBillPdfDownload();
  // An issued invoice is changed by an admin only (the server refuses an employee's edit).
  const canEdit = useSessionStore((state) => state.user?.role === 'admin');

  useEffect(() => {
    // Spec section 8: fetch errors are only logged.
    if (bill.error) console.error('Failed to load bill', bill.error);
  }, [bill.error]);

  if (bill.isPending) return <PageLoader />;
  if (!bill.data) return <BillNotFound error={bill.error} onRetry={() => void bill.refetch()} />;
  const current = bill.data;

  return (
    <div className="bill-page container">
      <PageTitle title={`Invoice ${current.invoiceNumber}`} />
      <div className="invoice-toolbar">
        <Link className="btn btn--ghost btn--sm" to={paths.bills}>
          <ArrowLeftIcon size={16} /> All bills
        </Link>
        <div className="invoice-toolbar__actions">
          {canEdit && (
            <Link className="btn btn--secondary btn--sm" to={paths.editBill(current._id)}>
              Edit
            </Link>
          )}
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => void downloadPdf(current._id)}
            disabled={downloadingId === current._id}
          >
            {downloadingId === current._id ? 'Downloading…' : 'Download PDF'}
          </button>
        </div>
      </div>
      {flash && <FormBanner banner={{ type: 'success', message: flash }} />}
      <BillInvoice bill={current} />
      <BillHistory bill={current} />
    </div>
  );
}
