import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { useSessionRestore } from '../features/auth/use-session-restore';
import { useSessionStore } from '../stores/session.store';
import { replayEarlyTaps } from '../early-taps';

// Only a signed-in user can be asked to verify: visitors never download the dialog.
const EmailVerificationPrompt = lazy(async () => ({
  default: (await import('../features/auth/email-verification-prompt')).EmailVerificationPrompt,
}));

/**
 * The providers and app-wide pieces around the router. The browser passes its RouterProvider
 * (main.tsx), the server render its StaticRouterProvider (entry-server.tsx): the same tree either way,
 * so a server-rendered page hydrates without a mismatch.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useSessionRestore();
  const signedIn = useSessionStore((state) => Boolean(state.token && state.user));
  // The page's script has taken over (hydrated or rendered): a fact tests and monitoring can read
  // without knowing which UI runtime is underneath.
  useEffect(() => {
    document.documentElement.dataset.app = 'interactive';
    void replayEarlyTaps();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {signedIn && (
        <Suspense fallback={null}>
          <EmailVerificationPrompt />
        </Suspense>
      )}
      <Toaster />
    </QueryClientProvider>
  );
}
