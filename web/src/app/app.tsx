import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { setUnauthorizedHandler } from '../lib/api';
import { createQueryClient } from './query-client';
import { router } from './router';
import { redirectToSignIn } from './sign-in-redirect';

// A 401 has already cleared the session in the API client; here it also leads to the sign-in page.
setUnauthorizedHandler(() => redirectToSignIn(router));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
