import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before auto-dismiss; Infinity keeps it until dismissed. */
  duration: number;
}

export type ToastInput = Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>;

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;

interface ToastState {
  toasts: Toast[];
  /** Shows a toast, replacing the previous one (limit 1); returns its id. */
  toast: (input: ToastInput) => string;
  dismiss: (id?: string) => void;
  /** Hover or focus holds the timer; resume continues with the time that was left. */
  pause: (id: string) => void;
  resume: (id: string) => void;
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

let counter = 0;

export function createToastStore() {
  const timers = new Map<string, Timer>();

  const clearTimer = (id: string) => {
    const t = timers.get(id);
    if (t?.handle) clearTimeout(t.handle);
    timers.delete(id);
  };

  const store = createStore<ToastState>()((set, get) => {
    const schedule = (id: string, ms: number) => {
      if (!Number.isFinite(ms)) return;
      const handle = setTimeout(() => get().dismiss(id), ms);
      timers.set(id, { handle, startedAt: Date.now(), remaining: ms });
    };
    return {
      toasts: [],
      toast: (input) => {
        counter += 1;
        const id = `toast-${counter}`;
        const toast: Toast = {
          id,
          title: input.title,
          ...(input.description !== undefined ? { description: input.description } : {}),
          variant: input.variant ?? 'default',
          duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
        };
        const kept = [toast, ...get().toasts].slice(0, TOAST_LIMIT);
        for (const old of get().toasts) if (!kept.includes(old)) clearTimer(old.id);
        set({ toasts: kept });
        schedule(id, toast.duration);
        return id;
      },
      dismiss: (id) => {
        const gone = id === undefined ? get().toasts : get().toasts.filter((t) => t.id === id);
        for (const t of gone) clearTimer(t.id);
        set({ toasts: id === undefined ? [] : get().toasts.filter((t) => t.id !== id) });
      },
      pause: (id) => {
        const t = timers.get(id);
        if (!t?.handle) return;
        clearTimeout(t.handle);
        timers.set(id, { handle: null, startedAt: t.startedAt, remaining: Math.max(0, t.remaining - (Date.now() - t.startedAt)) });
      },
      resume: (id) => {
        const t = timers.get(id);
        if (!t || t.handle) return;
        schedule(id, t.remaining);
      },
    };
  });
  return store;
}

/** The page's one toast store (@city/shared is a federation singleton). */
export const toastStore = createToastStore();

export const toast = (input: ToastInput) => toastStore.getState().toast(input);

export function useToasts<T>(selector: (s: ToastState) => T): T {
  return useStore(toastStore, selector);
}
