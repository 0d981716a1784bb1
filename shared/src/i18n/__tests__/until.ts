/** Waits (polling every 20 ms) until `check` holds; throws after `ms`. For background loads in tests. */
export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The page's timers under the test's control (jest's fake timers; promises and microtasks stay
 * real): a check that something has not happened yet runs every timer due by then, instead of
 * waiting some real time and hoping the page got to run. Call `realTimers()` after.
 */
export function fakeTimers(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
}

/** Back to real timers (then `until` can poll a download that has started). */
export function realTimers(): void {
  jest.useRealTimers();
}
