import { act, renderHook } from '@testing-library/react';
import { useIdleAfterReady } from '../use-idle-after-ready';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('turns true only after ready, once the browser has had a moment, and stays true', () => {
  const { result, rerender } = renderHook(({ ready }) => useIdleAfterReady(ready), { initialProps: { ready: false } });
  act(() => jest.advanceTimersByTime(5_000));
  expect(result.current).toBe(false);
  rerender({ ready: true });
  expect(result.current).toBe(false);
  act(() => jest.advanceTimersByTime(100));
  expect(result.current).toBe(true);
  rerender({ ready: false });
  expect(result.current).toBe(true);
});

it('waits for an idle callback where the browser has one', () => {
  const callbacks: Array<() => void> = [];
  window.requestIdleCallback = jest.fn((cb: IdleRequestCallback) => callbacks.push(() => cb({} as IdleDeadline)));
  window.cancelIdleCallback = jest.fn();
  try {
    const { result } = renderHook(() => useIdleAfterReady(true));
    act(() => jest.advanceTimersByTime(5_000));
    expect(result.current).toBe(false);
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1_000 });
    act(() => callbacks[0]!());
    expect(result.current).toBe(true);
  } finally {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  }
});
