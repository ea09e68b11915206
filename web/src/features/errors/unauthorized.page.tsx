import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LockIcon, ArrowLeftIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import './status-page.css';

/** True when the browser has an earlier page of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export default function UnauthorizedPage() {
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate(paths.home, { replace: true });
  };

  return (
    <section className="status-page container" aria-labelledby="unauthorized-title">
      <PageTitle title="Access denied" />
      <div className="status-page__card">
        <span className="status-page__icon">
          <LockIcon size={28} />
        </span>
        <h1 id="unauthorized-title">Access denied</h1>
        <p className="lead">You don't have permission to access this page.</p>
        <button type="button" className="btn btn--primary" onClick={goBack}>
          <ArrowLeftIcon size={18} /> Go Back
        </button>
      </div>
    </section>
  );
}
