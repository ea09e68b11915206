import { Outlet } from 'react-router-dom';
import { HydrateWhenVisible } from '../hydrate-when-visible';
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
      {/* Below every page's fold: hydrated when reached (hydrate-when-visible.tsx). */}
      <HydrateWhenVisible elementId="site-footer">
        <PublicFooter />
      </HydrateWhenVisible>
    </div>
  );
}
