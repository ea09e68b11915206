import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireRole } from '../components/guards/require-auth';
import { ADMIN_ONLY, STAFF_ROLES } from '../components/guards/access';
import { PublicLayout } from '../components/layout/public-layout';
import { RootLayout } from '../components/layout/root-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../features/errors/route-error';

/**
 * A screen loaded on demand from its feature folder (a module whose default export is the page).
 * The loader shows inside the layout while the first screen's code arrives.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    hydrateFallbackElement: <PageLoader />,
  };
}

const loginPage = page(() => import('../features/auth/login.page'));

const publicRoutes: RouteObject[] = [
  { index: true, ...page(() => import('../features/home/home.page')) },

  { path: 'login', ...loginPage },
  { path: 'auth/login', ...loginPage },
  { path: 'auth/register', ...page(() => import('../features/auth/register.page')) },
  { path: 'auth/forgot-password', ...page(() => import('../features/auth/forgot-password.page')) },
  { path: 'auth/reset-password/:token', ...page(() => import('../features/auth/reset-password.page')) },
  { path: 'auth/verify-email/:token', ...page(() => import('../features/auth/verify-email.page')) },
  { path: 'unauthorized', ...page(() => import('../features/errors/unauthorized.page')) },

  // Spec: only these three screens sit behind the login guard.
  {
    element: <RequireAuth />,
    children: [
      { path: 'dashboard', ...page(() => import('../features/dashboard/dashboard.page')) },
      { path: 'cart', ...page(() => import('../features/cart/cart.page')) },
      { path: 'my-appointments', ...page(() => import('../features/appointments/my-appointments.page')) },
    ],
  },
  { path: 'dashboard/employees', ...page(() => import('../features/dashboard/employees.page')) },
  // The front desk's calendar: staff only (booking lets admins, managers and receptionists read it).
  {
    element: <RequireRole roles={STAFF_ROLES} />,
    children: [
      { path: 'dashboard/calendar', ...page(() => import('../features/calendar/calendar.page')) },
      // The counter: sales, tenders and the cash drawer (commerce answers admins and employees).
      { path: 'dashboard/counter', ...page(() => import('../features/counter/counter.page')) },
      { path: 'dashboard/counter/drawer', ...page(() => import('../features/counter/drawer.page')) },
      { path: 'dashboard/counter/:saleId', ...page(() => import('../features/counter/sale.page')) },
    ],
  },
  // The owner's reports: admins only (billing answers them to admins alone).
  {
    element: <RequireRole roles={ADMIN_ONLY} />,
    children: [{ path: 'dashboard/reports', ...page(() => import('../features/reports/reports.page')) }],
  },

  { path: 'appointment', ...page(() => import('../features/appointments/appointment.page')) },
  { path: 'service/:id', ...page(() => import('../features/services/service-detail.page')) },
  { path: 'store', ...page(() => import('../features/store/store.page')) },
  { path: 'products/:id', ...page(() => import('../features/store/product-detail.page')) },
  { path: 'createorder', ...page(() => import('../features/orders/checkout.page')) },
  { path: 'orders', ...page(() => import('../features/orders/orders.page')) },
  { path: 'order/:id', ...page(() => import('../features/orders/order-detail.page')) },
  { path: 'address-management', ...page(() => import('../features/addresses/address-management.page')) },

  { path: 'favorites', ...page(() => import('../features/account/favorites.page')) },
  { path: 'settings', ...page(() => import('../features/account/settings.page')) },
  { path: 'reviews', ...page(() => import('../features/account/reviews.page')) },
  // A review request email's signed link: no sign-in needed.
  { path: 'review/:token', ...page(() => import('../features/reviews/review-invitation.page')) },
  { path: 'help', ...page(() => import('../features/account/help.page')) },
  { path: 'privacy', ...page(() => import('../features/account/privacy.page')) },
  { path: 'terms', ...page(() => import('../features/account/terms.page')) },
];

const billRoutes: RouteObject[] = [
  {
    path: 'bills',
    children: [
      { index: true, element: <Navigate to="view" replace /> },
      { path: 'view', ...page(() => import('../features/bills/bills-list.page')) },
      { path: 'create', ...page(() => import('../features/bills/bill-create.page')) },
      { path: 'edit/:id', ...page(() => import('../features/bills/bill-edit.page')) },
    ],
  },
  { path: 'bill/:id/view', ...page(() => import('../features/bills/bill-view.page')) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        // The pathless route keeps the header and footer around a screen that failed.
        children: [{ errorElement: <RouteError />, children: publicRoutes }],
      },
      {
        // Bills are staff screens: admins and employees.
        element: <RequireRole roles={STAFF_ROLES} />,
        children: [
          {
            // Staff only: visitors and customers never download the bills' layout.
            lazy: async () => ({
              Component: (await import('../components/layout/bills-layout')).BillsLayout,
            }),
            children: [{ errorElement: <RouteError />, children: billRoutes }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
