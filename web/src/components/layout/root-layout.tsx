import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RouteProgress } from '../route-progress';

/** Around every screen: scroll restoration (which also scrolls to #about and friends) and the load bar. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <RouteProgress />
      <Outlet />
    </>
  );
}
