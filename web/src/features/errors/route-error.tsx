import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../../app/paths';
import { AlertCircleIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import './status-page.css';

/** Shown instead of a blank page when a screen fails to load (for example after a new release) or throws. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);

  return (
    <section className="status-page container" aria-labelledby="route-error-title">
      <PageTitle title="Something went wrong" />
      <div className="status-page__card">
        <span className="status-page__icon status-page__icon--error">
          <AlertCircleIcon size={28} />
        </span>
        <h1 id="route-error-title">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="lead">
          {notFound
            ? 'The page you are looking for does not exist.'
            : 'This page could not be shown. Reloading usually helps.'}
        </p>
        <div className="status-page__actions">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link className="btn btn--secondary" to={paths.home}>
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
