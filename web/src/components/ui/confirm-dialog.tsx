import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to true, so a caller may instead render it only while it asks. */
  open?: boolean;
  busy?: boolean;
  /** What the confirm button says while busy (default "Deleting..."). */
  busyLabel?: string;
  /** The confirm button's look: danger (default) or primary. */
  tone?: 'danger' | 'primary';
  /** alertdialog where the question interrupts the user (the `useConfirm` prompt). */
  role?: 'dialog' | 'alertdialog';
  /** Put focus on the confirm button when it opens (otherwise the browser picks the first control). */
  autoFocusConfirm?: boolean;
}

/** "Are you sure ...?" before something that cannot be undone. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  open = true,
  busy,
  busyLabel = 'Deleting...',
  tone = 'danger',
  role = 'dialog',
  autoFocusConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      role={role}
      closeOnBackdrop
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn btn--${tone}`}
            onClick={onConfirm}
            disabled={busy}
            autoFocus={autoFocusConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p className="modal__message">{message}</p>
    </Modal>
  );
}

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
    <ConfirmDialog
      title="Please confirm"
      message={request.message}
      confirmLabel={request.confirmLabel}
      role="alertdialog"
      autoFocusConfirm
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  ) : null;

  return { confirm, dialog };
}
