import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

export interface ConfirmOptions {
  confirmLabel?: string;
}

/**
 * Asks before a destructive action (spec: "Are you sure you want to delete this ...?").
 * `await confirm(message)` resolves true only when the user chose the confirm button;
 * render `dialog` once in the component.
 */
export function useConfirm(): {
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);

  const confirm = useCallback(
    (message: string, { confirmLabel = 'Delete' }: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setRequest({ message, confirmLabel, resolve })),
    [],
  );

  const answer = (confirmed: boolean) => {
    request?.resolve(confirmed);
    setRequest(null);
  };

  const dialog = request ? (
    <Modal title="Please confirm" onClose={() => answer(false)} size="sm" role="alertdialog" closeOnBackdrop>
      <p className="cat-confirm__message">{request.message}</p>
      <div className="cat-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => answer(false)}>
          Cancel
        </button>
        <button type="button" className="btn cat-btn-danger" onClick={() => answer(true)} autoFocus>
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  ) : null;

  return { confirm, dialog };
}
