import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ReceiptIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api';
import './bill-common.css';

/** A bill that does not exist (404) or could not be loaded, with a way back. */
export function BillNotFound({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <div className="bill-page container">
      <PageTitle title="Bill" />
      <div className="bills-empty bills-empty--page">
        <ReceiptIcon size={32} />
        <p>{missing ? 'This bill does not exist.' : 'Could not load this bill.'}</p>
        <div className="bills-empty__actions">
          {!missing && (
            <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
              Try again
            </button>
          )}
          <Link className="btn btn--primary btn--sm" to={paths.bills}>
            Back to bills
          </Link>
        </div>
      </div>
    </div>
  );
}
