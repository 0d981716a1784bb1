import {
  markPageContentShown,
  PAGE_CONTENT_TIMEOUT_MS,
  PAINT_WAIT_MS,
  pageContentShown,
  resetPageContentForTests,
  whenPageContentShown,
} from '..';

let readyState: DocumentReadyState = 'loading';
beforeAll(() => {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
});
afterAll(() => {
  delete (document as { readyState?: unknown }).readyState;
});
beforeEach(() => {
  jest.useFakeTimers();
  resetPageContentForTests();
  readyState = 'loading';
});
afterEach(() => jest.useRealTimers());

describe('page content shown', () => {
  it('runs every waiter once, when the module that draws the page says so', () => {
    const first = jest.fn();
    const second = jest.fn();
    whenPageContentShown(first);
    whenPageContentShown(second);
    jest.advanceTimersByTime(60_000); // still loading: no timeout runs before `load`
    expect(first).not.toHaveBeenCalled();
    markPageContentShown();
    markPageContentShown();
    // Once it is painted: after the next frame (or PAINT_WAIT_MS without frames), not in the same task.
    expect(first).not.toHaveBeenCalled();
    jest.advanceTimersByTime(PAINT_WAIT_MS);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(pageContentShown()).toBe(true);
  });

  it('a waiter that comes after runs at once', () => {
    markPageContentShown();
    const late = jest.fn();
    whenPageContentShown(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('goes on PAGE_CONTENT_TIMEOUT_MS after load when no module says so (a static page, an older remote)', () => {
    const waiter = jest.fn();
    whenPageContentShown(waiter);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(PAGE_CONTENT_TIMEOUT_MS - 1);
    expect(waiter).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1 + PAINT_WAIT_MS);
    expect(waiter).toHaveBeenCalledTimes(1);
  });

  it('a cancelled waiter never runs', () => {
    readyState = 'complete';
    const waiter = jest.fn();
    const cancel = whenPageContentShown(waiter);
    cancel();
    jest.advanceTimersByTime(PAGE_CONTENT_TIMEOUT_MS * 2);
    markPageContentShown();
    expect(waiter).not.toHaveBeenCalled();
  });
});
