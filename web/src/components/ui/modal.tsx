import { useId, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import './modal.css';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * Whether it shows. Defaults to true, so a caller may instead render it only while it should be
   * open ("open while mounted").
   */
  open?: boolean;
  /** sm for confirmations, md (default) for most forms, lg for forms with several columns. */
  size?: 'sm' | 'md' | 'lg';
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** A click outside closes it; off by default, as a stray click on a form would lose what was typed. */
  closeOnBackdrop?: boolean;
  /** Screen readers hear this after the title. */
  description?: string;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  /** Makes the popup a form: a submit button in the footer submits it, Enter in a field too. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A popup on the browser's own modal <dialog>: focus moves in and is kept there, Escape (and the
 * backdrop, when asked) close it, and focus goes back to the control that opened it.
 */
export function Modal({
  title,
  onClose,
  children,
  open = true,
  size = 'md',
  role = 'dialog',
  closeOnBackdrop = false,
  description,
  footer,
  onSubmit,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // The dialog may be removed rather than closed, so focus is handed back to the opener by hand.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let the caller's state decide, so the dialog never closes behind its back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
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
