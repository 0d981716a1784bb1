import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * Offline reading (docs/offline.md). The service worker answers a data request it could not
 * send with the last answer it kept, marked with this header (the time it was saved). The
 * page's data client (supabase/client.ts) passes every response through noteDataResponse, and
 * the shell shows "offline, saved on DATE" while the page shows kept data.
 */
export const SAVED_AT_HEADER = 'x-city-saved-at';

export interface OfflineState {
  /** When the oldest kept answer on the page was saved (ISO), or null: everything is live. */
  savedAt: string | null;
}

export const offlineStore = createStore<OfflineState>()(() => ({ savedAt: null }));

/** A kept answer sets the note (the oldest such time wins); a live one clears it. */
export function noteDataResponse(response: Pick<Response, 'headers' | 'ok'>): void {
  const saved = response.headers.get(SAVED_AT_HEADER);
  if (saved && !Number.isNaN(Date.parse(saved))) {
    const current = offlineStore.getState().savedAt;
    if (!current || Date.parse(saved) < Date.parse(current)) offlineStore.setState({ savedAt: saved });
  } else if (response.ok && offlineStore.getState().savedAt !== null) {
    offlineStore.setState({ savedAt: null });
  }
}

/** fetch for the data client: the same request and response, noted on the way back. */
export const offlineAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  noteDataResponse(response);
  return response;
};

/** The time the data shown was saved while offline, or null. */
export const useOfflineSavedAt = () => useStore(offlineStore, (s) => s.savedAt);
