/**
 * The public API's routing table (ARCHITECTURE.md, "Routing"): which service owns which path under
 * /api/v1. The gateway strips /api/v1 and forwards the rest of the path unchanged.
 */
export const SERVICE_NAMES = [
  'identity',
  'catalogue',
  'booking',
  'commerce',
  'billing',
  'notification',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const API_PREFIX = '/api/v1';

export const ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/auth', service: 'identity' },
  { prefix: '/admin/users', service: 'identity' },
  { prefix: '/admin/employee-roles', service: 'identity' },
  { prefix: '/account', service: 'identity' },
  { prefix: '/admin/services', service: 'catalogue' },
  { prefix: '/admin/categories', service: 'catalogue' },
  { prefix: '/admin/rooms', service: 'catalogue' },
  { prefix: '/products', service: 'catalogue' },
  { prefix: '/product-categories', service: 'catalogue' },
  { prefix: '/subcategories', service: 'catalogue' },
  { prefix: '/upload', service: 'catalogue' },
  { prefix: '/favorites', service: 'catalogue' },
  { prefix: '/reviews', service: 'catalogue' },
  { prefix: '/admin/reviews', service: 'catalogue' },
  { prefix: '/appointments', service: 'booking' },
  { prefix: '/cart', service: 'commerce' },
  { prefix: '/addresses', service: 'commerce' },
  { prefix: '/orders', service: 'commerce' },
  { prefix: '/payments', service: 'commerce' },
  { prefix: '/counter', service: 'commerce' },
  { prefix: '/bills', service: 'billing' },
  { prefix: '/admin/reports', service: 'billing' },
  { prefix: '/tax-documents', service: 'billing' },
  { prefix: '/notifications', service: 'notification' },
];

/** Paths outside /api/v1 that a service serves to browsers directly (uploaded images). */
export const PUBLIC_FILE_ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/uploads', service: 'catalogue' },
];

/** Which service owns an /api/v1 path (given without the prefix), or undefined. */
export function resolveService(path: string): ServiceName | undefined {
  const clean = path.split('?')[0]!;
  const match = ROUTES.find(({ prefix }) => clean === prefix || clean.startsWith(`${prefix}/`));
  return match?.service;
}

/** Sign-in and password endpoints: limited much more tightly than the rest of the API. */
export const SENSITIVE_AUTH_PATHS = ['/auth/login', '/auth/google', '/auth/register'];
export const PASSWORD_PATHS = [
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/send-verification-email',
];

export function isUnder(path: string, prefixes: readonly string[]): boolean {
  const clean = path.split('?')[0]!;
  return prefixes.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}
