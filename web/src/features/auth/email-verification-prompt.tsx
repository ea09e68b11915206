import { useEffect, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { useSessionStore } from '../../stores/session.store';
import { useSendVerificationEmail } from './use-send-verification';

/** Spec section 9: the popup appears 2000 ms after load. */
export const VERIFICATION_PROMPT_DELAY_MS = 2000;

/** Decides, when the delay is over, whether the signed-in user still needs to verify. */
export function needsVerificationPrompt(
  session: { token: string | null; user: { isEmailVerified?: boolean } | null },
  pathname: string,
): boolean {
  if (!session.token || !session.user) return false;
  // The landing page of the emailed link is verifying already.
  if (pathname.startsWith('/auth/verify-email/')) return false;
  return session.user.isEmailVerified === false;
}

/** Asks a signed-in user whose email is not verified to verify it: Send Verification Email, or Later. */
export function EmailVerificationPrompt() {
  const [open, setOpen] = useState(false);
  const email = useSessionStore((state) => state.user?.email ?? '');
  const send = useSendVerificationEmail({ onSent: () => setOpen(false) });

  useEffect(() => {
    const timer = setTimeout(() => {
      if (needsVerificationPrompt(useSessionStore.getState(), window.location.pathname)) setOpen(true);
    }, VERIFICATION_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Signing out or verifying elsewhere closes it.
  const stillNeeded = useSessionStore(
    (state) => Boolean(state.token) && state.user?.isEmailVerified === false,
  );

  return (
    <Modal
      closeOnBackdrop
      open={open && stillNeeded}
      title="Verify your email address"
      size="sm"
      onClose={() => setOpen(false)}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
            Later
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={send.isPending}
            onClick={() => send.mutate()}
          >
            {send.isPending ? 'Sending...' : 'Send Verification Email'}
          </button>
        </>
      }
    >
      <p className="modal__message">
        Please verify <strong>{email}</strong> so we can send you booking confirmations, order updates and
        receipts.
      </p>
    </Modal>
  );
}
