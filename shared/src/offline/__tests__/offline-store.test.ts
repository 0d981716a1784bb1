import { noteDataResponse, offlineAwareFetch, offlineStore, SAVED_AT_HEADER } from '../offline-store';

const response = (savedAt: string | null, ok = true) => ({ ok, headers: new Headers(savedAt ? { [SAVED_AT_HEADER]: savedAt } : {}) });

describe('offline note state', () => {
  beforeEach(() => offlineStore.setState({ savedAt: null }));

  it('a kept answer sets the saved time, the oldest of several wins, a live answer clears it', () => {
    noteDataResponse(response('2026-11-20T10:00:00.000Z'));
    expect(offlineStore.getState().savedAt).toBe('2026-11-20T10:00:00.000Z');
    noteDataResponse(response('2026-11-22T10:00:00.000Z'));
    noteDataResponse(response('2026-11-19T08:00:00.000Z'));
    expect(offlineStore.getState().savedAt).toBe('2026-11-19T08:00:00.000Z');
    noteDataResponse(response(null, false)); // a failed live request says nothing about freshness
    expect(offlineStore.getState().savedAt).toBe('2026-11-19T08:00:00.000Z');
    noteDataResponse(response(null));
    expect(offlineStore.getState().savedAt).toBeNull();
  });

  it('ignores a header that is not a date', () => {
    noteDataResponse(response('yesterday-ish'));
    expect(offlineStore.getState().savedAt).toBeNull();
  });

  it('offlineAwareFetch returns the response untouched and notes it', async () => {
    const kept = { ok: true, headers: new Headers({ [SAVED_AT_HEADER]: '2026-11-21T00:00:00.000Z' }) } as Response;
    const original = global.fetch;
    global.fetch = jest.fn(() => Promise.resolve(kept)) as typeof fetch;
    try {
      await expect(offlineAwareFetch('http://x/rest/v1/reviews', { method: 'GET' })).resolves.toBe(kept);
      expect(global.fetch).toHaveBeenCalledWith('http://x/rest/v1/reviews', { method: 'GET' });
      expect(offlineStore.getState().savedAt).toBe('2026-11-21T00:00:00.000Z');
    } finally {
      global.fetch = original;
    }
  });
});
