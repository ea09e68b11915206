import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before it closes itself; 0 keeps it until dismissed. */
  duration: number;
}

export interface ToastOptions {
  type?: ToastType;
  duration?: number;
}

export const DEFAULT_TOAST_DURATION_MS = 3000;
const MAX_VISIBLE_TOASTS = 5;

export interface ToastState {
  toasts: Toast[];
  show: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

let nextToastId = 0;

export const useToastStore = create<ToastState>()((set, get) => {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const stopTimer = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };

  const dismiss = (id: string) => {
    stopTimer(id);
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  };

  return {
    toasts: [],

    show: (message, { type = 'info', duration = DEFAULT_TOAST_DURATION_MS } = {}) => {
      const id = `toast-${++nextToastId}`;
      const toasts = [...get().toasts, { id, message, type, duration }];
      // The oldest toasts make room so that a burst of errors cannot cover the page.
      const overflow = Math.max(0, toasts.length - MAX_VISIBLE_TOASTS);
      for (const dropped of toasts.slice(0, overflow)) stopTimer(dropped.id);
      set({ toasts: toasts.slice(overflow) });
      if (duration > 0)
        timers.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
      return id;
    },

    dismiss,

    clear: () => {
      for (const id of [...timers.keys()]) stopTimer(id);
      set({ toasts: [] });
    },
  };
});

type TypedToastOptions = Omit<ToastOptions, 'type'>;

/** Shorthands usable anywhere, in or outside React: toast.success('Added to cart'). */
export const toast = {
  show: (message: string, options?: ToastOptions) => useToastStore.getState().show(message, options),
  success: (message: string, options?: TypedToastOptions) =>
    useToastStore.getState().show(message, { ...options, type: 'success' }),
  error: (message: string, options?: TypedToastOptions) =>
    useToastStore.getState().show(message, { ...options, type: 'error' }),
  info: (message: string, options?: TypedToastOptions) =>
    useToastStore.getState().show(message, { ...options, type: 'info' }),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
};
