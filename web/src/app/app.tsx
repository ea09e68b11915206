import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { EmailVerificationPrompt } from '../features/auth/email-verification-prompt';
import { useSessionRestore } from '../features/auth/use-session-restore';

/**
 * The providers and app-wide pieces around the router. The browser passes its RouterProvider
 * (main.tsx), the server render its StaticRouterProvider (entry-server.tsx): the same tree either way,
 * so a server-rendered page hydrates without a mismatch.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useSessionRestore();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <EmailVerificationPrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
