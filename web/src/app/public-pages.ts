/**
 * The pages a visitor lands on from a search or a shared link, by their screen's module: the gateway
 * renders them (entry-server.tsx), and the build gives them their own few chunks (vite.config.ts).
 */
export const PUBLIC_PAGE_MODULES = {
  home: 'src/features/home/home.page.tsx',
  store: 'src/features/store/store.page.tsx',
  product: 'src/features/store/product-detail.page.tsx',
  service: 'src/features/services/service-detail.page.tsx',
  appointment: 'src/features/appointments/appointment.page.tsx',
} as const;
