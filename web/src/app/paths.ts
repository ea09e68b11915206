/** Every address of the route table (spec section 2), so links and redirects never drift from the router. */
export const paths = {
  home: '/',
  about: '/#about',
  careers: '/#careers',
  contact: '/#contact',
  login: '/login',
  authLogin: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: (token: string) => `/auth/reset-password/${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/auth/verify-email/${encodeURIComponent(token)}`,
  unauthorized: '/unauthorized',
  dashboard: '/dashboard',
  employees: '/dashboard/employees',
  appointment: '/appointment',
  myAppointments: '/my-appointments',
  store: '/store',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  cart: '/cart',
  checkout: '/createorder',
  order: (id: string) => `/order/${encodeURIComponent(id)}`,
  orders: '/orders',
  service: (id: string) => `/service/${encodeURIComponent(id)}`,
  addresses: '/address-management',
  favorites: '/favorites',
  settings: '/settings',
  reviews: '/reviews',
  help: '/help',
  terms: '/terms',
  bills: '/bills/view',
  createBill: '/bills/create',
  editBill: (id: string) => `/bills/edit/${encodeURIComponent(id)}`,
  billView: (id: string) => `/bill/${encodeURIComponent(id)}/view`,
} as const;

export function isSignInPath(pathname: string): boolean {
  return pathname === paths.login || pathname === paths.authLogin;
}
