import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { catalogueKeys } from './catalogue.api';

interface MutationMessages<TArgs, TResult = unknown> {
  /** Toast after success; a function when it depends on the arguments or the answer (undefined: none). */
  success?: string | ((args: TArgs, result: TResult) => string | undefined);
  /** The spec's fallback when the server sends no message. */
  failure: string;
  /** 'banner': no toast; the screen shows `errorMessage` itself (spec: rooms use a red banner). */
  report?: 'toast' | 'banner';
}

/**
 * An admin write: on success every catalogue read is refreshed (a write is visible on the next read)
 * and the success toast shown; on failure the server's message, else the spec's text, as a toast.
 * `run` resolves true on success.
 */
export function useCatalogueMutation<TArgs, TResult>(
  write: (args: TArgs) => Promise<TResult>,
  messages: MutationMessages<TArgs, TResult>,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: write,
    onSuccess: async (result, args) => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      const text = typeof messages.success === 'function' ? messages.success(args, result) : messages.success;
      if (text) toast.success(text);
    },
    onError: (error) => {
      if (messages.report !== 'banner') toast.error(getErrorMessage(error, messages.failure));
    },
  });

  const run = async (args: TArgs): Promise<boolean> => {
    try {
      await mutation.mutateAsync(args);
      return true;
    } catch {
      return false;
    }
  };

  return {
    run,
    pending: mutation.isPending,
    errorMessage: mutation.error ? getErrorMessage(mutation.error, messages.failure) : undefined,
    reset: mutation.reset,
  };
}
