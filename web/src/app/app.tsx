import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { EmailVerificationPrompt } from '../features/auth/email-verification-prompt';
import { useSessionRestore } from '../features/auth/use-session-restore';
import { setUnauthorizedHandler } from '../lib/api';
import { createQueryClient } from './query-client';
import { router } from './router';
import { redirectToSignIn } from './sign-in-redirect';

// A 401 has already cleared the session in the API client; here it also leads to the sign-in page.
setUnauthorizedHandler(() => redirectToSignIn(router));

export function App() {
  const [queryClient] = useState(createQueryClient);
  useSessionRestore();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <EmailVerificationPrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
