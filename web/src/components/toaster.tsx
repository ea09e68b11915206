import type { ComponentType } from 'react';
import { useToastStore, type Toast, type ToastType } from '../stores/toast.store';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoCircleIcon } from './icons';
import './toaster.css';

const TOAST_ICONS: Record<ToastType, ComponentType<{ size?: number }>> = {
  success: CheckCircleIcon,
  error: AlertCircleIcon,
  info: InfoCircleIcon,
};

const TOAST_LABELS: Record<ToastType, string> = { success: 'Success', error: 'Error', info: 'Notice' };

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const ToastIcon = TOAST_ICONS[toast.type];
  return (
    <li className={`toast toast--${toast.type}`}>
      <ToastIcon size={20} />
      <p className="toast__message">
        <span className="visually-hidden">{TOAST_LABELS[toast.type]}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/** Top-right stack of toasts from the toast store; mount once at the root. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <section className="toaster" aria-label="Notifications">
      {/* One live region that is always present, so screen readers announce each toast added to it. */}
      <div role="status" aria-live="polite" aria-relevant="additions">
        <ol className="toaster__list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </div>
    </section>
  );
}
