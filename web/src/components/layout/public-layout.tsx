import { Outlet } from 'react-router-dom';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { SkipLink } from './skip-link';

export function PublicLayout() {
  return (
    <div className="page-shell">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="page-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
