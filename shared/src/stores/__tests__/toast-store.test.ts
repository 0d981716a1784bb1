import { createToastStore, TOAST_DEFAULT_DURATION_MS } from '../toast-store';

describe('toast store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps at most one toast: a new one replaces the previous', () => {
    const store = createToastStore();
    store.getState().toast({ title: 'first' });
    store.getState().toast({ title: 'second', variant: 'destructive' });
    expect(store.getState().toasts.map((t) => [t.title, t.variant])).toEqual([['second', 'destructive']]);
  });

  it('removes a toast after its duration (default 5000 ms)', () => {
    const store = createToastStore();
    store.getState().toast({ title: 'hello' });
    jest.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('an infinite duration never auto-dismisses; dismiss removes it', () => {
    const store = createToastStore();
    const id = store.getState().toast({ title: 'sticky', duration: Infinity });
    jest.advanceTimersByTime(60_000);
    expect(store.getState().toasts).toHaveLength(1);
    store.getState().dismiss(id);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('pause holds the timer and resume continues with the time left', () => {
    const store = createToastStore();
    const id = store.getState().toast({ title: 'paused', duration: 1000 });
    jest.advanceTimersByTime(600);
    store.getState().pause(id);
    jest.advanceTimersByTime(5000);
    expect(store.getState().toasts).toHaveLength(1);
    store.getState().resume(id);
    jest.advanceTimersByTime(399);
    expect(store.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it("a replaced toast's timer does not remove its successor", () => {
    const store = createToastStore();
    store.getState().toast({ title: 'a', duration: 1000 });
    jest.advanceTimersByTime(900);
    store.getState().toast({ title: 'b', duration: 1000 });
    jest.advanceTimersByTime(200);
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['b']);
  });
});
