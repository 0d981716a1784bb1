import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * Where toasts are drawn. A modal <dialog> sits in the browser's top layer and makes the
 * rest of the page inert, so a toast drawn by the page would be hidden and unreachable
 * while a dialog is open: the topmost open dialog hosts them instead. The page is the
 * bottom host.
 */
interface ToastHostState {
  hosts: string[];
  push: (id: string) => void;
  remove: (id: string) => void;
}

export const PAGE_TOAST_HOST = 'page';

export const toastHostStore = createStore<ToastHostState>()((set, get) => ({
  hosts: [PAGE_TOAST_HOST],
  push: (id) => set({ hosts: [...get().hosts.filter((h) => h !== id), id] }),
  remove: (id) => set({ hosts: get().hosts.filter((h) => h !== id || h === PAGE_TOAST_HOST) }),
}));

export function useIsActiveToastHost(id: string): boolean {
  return useStore(toastHostStore, (s) => s.hosts[s.hosts.length - 1] === id);
}
