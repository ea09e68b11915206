import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  size?: 'sm' | 'md';
  /** Screen readers hear this after the title; defaults to none. */
  description?: string;
  /** Makes the popup a form: a submit button in the footer submits it, Enter in a field too. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A popup on the browser's own modal <dialog>: focus moves in and is kept there, Escape and the
 * backdrop close it, and focus returns to where it was.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  description,
  onSubmit,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      {open && (
        <Frame onSubmit={onSubmit}>
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              <CloseIcon size={20} />
            </button>
          </header>
          {description && (
            <p id={descriptionId} className="modal__description">
              {description}
            </p>
          )}
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </Frame>
      )}
    </dialog>
  );
}

function Frame({ onSubmit, children }: { onSubmit?: ModalProps['onSubmit']; children: ReactNode }) {
  if (!onSubmit) return <div className="modal__frame">{children}</div>;
  return (
    <form className="modal__frame" onSubmit={onSubmit}>
      {children}
    </form>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** What the confirm button says while busy (default "Deleting..."). */
  busyLabel?: string;
  /** The confirm button's look: danger (default) or primary. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure ...?" before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  busyLabel = 'Deleting...',
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p className="modal__message">{message}</p>
    </Modal>
  );
}
