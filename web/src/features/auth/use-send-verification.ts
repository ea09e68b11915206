import { useMutation } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { authApi } from './auth-api';

/** POST /auth/send-verification-email with the spec's messages (section 8, Authentication). */
export function useSendVerificationEmail(options: { onSent?: () => void } = {}) {
  return useMutation({
    mutationFn: authApi.sendVerificationEmail,
    onSuccess: () => {
      toast.success('Verification email sent successfully! Please check your inbox.');
      options.onSent?.();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to send verification email')),
  });
}
