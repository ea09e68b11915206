import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast.store';

/** Shows a query's failure once as a toast: the server's message, else the screen's own text. */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (error) toast.error(getErrorMessage(error, fallback));
  }, [error, fallback]);
}
