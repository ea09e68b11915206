import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for forms with several columns. */
  size?: 'sm' | 'md' | 'lg';
  /** Extra role for alert dialogs (confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** A click outside closes it; off for forms, where a stray click would lose what was typed. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal on the native <dialog>: the browser keeps focus inside and Escape closes it.
 * It is open while mounted, so callers render it conditionally.
 */
export function Modal({
  title,
  onClose,
  children,
  size = 'md',
  role = 'dialog',
  closeOnBackdrop = false,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    // The dialog is removed rather than closed, so focus is handed back to the opener by hand.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`cat-modal cat-modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog never closes behind the component's back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="cat-modal__panel">
        <header className="cat-modal__header">
          <h2 id={titleId} className="cat-modal__title">
            {title}
          </h2>
          <button type="button" className="cat-modal__close" onClick={onClose} aria-label="Close">
            <CloseIcon size={18} />
          </button>
        </header>
        <div className="cat-modal__body">{children}</div>
      </div>
    </dialog>
  );
}
