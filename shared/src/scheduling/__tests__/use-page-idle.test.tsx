import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { markPageContentShown, PAGE_CONTENT_TIMEOUT_MS, PAINT_WAIT_MS, resetPageContentForTests } from '@city/shared';
import {
  PAGE_IDLE_FALLBACK_MS as FALLBACK_DELAY_MS,
  PAGE_IDLE_TIMEOUT_MS as IDLE_TIMEOUT_MS,
  resetPageIdleForTests,
  usePageIdle,
} from '..';

// jsdom has no requestIdleCallback: each test installs its own or leaves it missing.
const win = window as unknown as {
  requestIdleCallback?: typeof window.requestIdleCallback;
  cancelIdleCallback?: typeof window.cancelIdleCallback;
};

let readyState: DocumentReadyState = 'complete';
const fireLoad = () =>
  act(() => {
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
  });

/**
 * A browser whose main thread stays busy: requestIdleCallback runs its callback only when
 * the test says the page is idle, or when its timeout has passed (with fake timers).
 */
function busyBrowserIdleCallback() {
  const pending = new Map<number, IdleRequestCallback>();
  let next = 1;
  const request = jest.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
    const id = next++;
    pending.set(id, callback);
    if (options?.timeout) {
      setTimeout(() => {
        if (pending.delete(id)) callback({ didTimeout: true, timeRemaining: () => 0 });
      }, options.timeout);
    }
    return id;
  });
  const cancel = jest.fn((id: number) => void pending.delete(id));
  win.requestIdleCallback = request;
  win.cancelIdleCallback = cancel;
  const becomeIdle = () =>
    act(() => {
      for (const [id, callback] of [...pending]) {
        pending.delete(id);
        callback({ didTimeout: false, timeRemaining: () => 50 });
      }
    });
  return { request, cancel, becomeIdle, pending };
}

function Probe() {
  return <p>{usePageIdle() ? 'after idle' : 'first render'}</p>;
}

beforeAll(() => {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
});
afterAll(() => {
  delete (document as { readyState?: unknown }).readyState;
});

beforeEach(() => {
  jest.useFakeTimers();
  resetPageIdleForTests();
  // Most tests are about load and idle: the page's own content is already on screen.
  resetPageContentForTests();
  markPageContentShown();
  readyState = 'loading';
  delete win.requestIdleCallback;
  delete win.cancelIdleCallback;
});

afterEach(() => {
  jest.useRealTimers();
  delete win.requestIdleCallback;
  delete win.cancelIdleCallback;
});

describe('usePageIdle', () => {
  it('renders nothing client-only on the server', () => {
    expect(renderToString(<Probe />)).toBe('<p>first render</p>');
  });

  it('is false until load and then an idle period (requestIdleCallback, with a timeout)', () => {
    const idle = busyBrowserIdleCallback();
    const seen: boolean[] = [];
    const { result } = renderHook(() => {
      const value = usePageIdle();
      seen.push(value);
      return value;
    });
    expect(seen[0]).toBe(false);
    // Not idle while the page is still loading, however long that takes.
    act(() => jest.advanceTimersByTime(60_000));
    expect(idle.request).not.toHaveBeenCalled();
    expect(result.current).toBe(false);

    fireLoad();
    expect(idle.request).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(result.current).toBe(false);
    idle.becomeIdle();
    expect(result.current).toBe(true);
  });

  it('a page that never goes idle still gets it at the idle timeout after load', () => {
    busyBrowserIdleCallback();
    render(<Probe />);
    fireLoad();
    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1));
    expect(screen.getByText('first render')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('after idle')).toBeInTheDocument();
  });

  it('without requestIdleCallback (Safari) it waits a short timeout after load', () => {
    render(<Probe />);
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('first render')).toBeInTheDocument();
    fireLoad();
    act(() => jest.advanceTimersByTime(FALLBACK_DELAY_MS - 1));
    expect(screen.getByText('first render')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('after idle')).toBeInTheDocument();
  });

  it('when mounted after load, the first render is still false', () => {
    readyState = 'complete';
    const idle = busyBrowserIdleCallback();
    const seen: boolean[] = [];
    renderHook(() => seen.push(usePageIdle()));
    expect(seen).toEqual([false]);
    idle.becomeIdle();
    expect(seen.at(-1)).toBe(true);
  });

  it('once the page has been idle, a later mount switches on in its first effect (first render still false)', () => {
    readyState = 'complete';
    const first = render(<Probe />);
    act(() => jest.advanceTimersByTime(FALLBACK_DELAY_MS));
    expect(screen.getByText('after idle')).toBeInTheDocument();
    first.unmount();

    const seen: boolean[] = [];
    renderHook(() => seen.push(usePageIdle()));
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it("waits for the page's own content (a list's first results) before load and idle count", () => {
    resetPageContentForTests();
    const idle = busyBrowserIdleCallback();
    render(<Probe />);
    fireLoad();
    idle.becomeIdle();
    act(() => jest.advanceTimersByTime(PAGE_CONTENT_TIMEOUT_MS - 1));
    // Loaded and idle, but the directory has not shown its results yet: no ads on their way.
    expect(idle.request).not.toHaveBeenCalled();
    expect(screen.getByText('first render')).toBeInTheDocument();
    act(() => markPageContentShown());
    act(() => jest.advanceTimersByTime(PAINT_WAIT_MS)); // once painted
    expect(idle.request).toHaveBeenCalledTimes(1);
    idle.becomeIdle();
    expect(screen.getByText('after idle')).toBeInTheDocument();
  });

  it('a page whose module never says its content is shown goes on a while after load', () => {
    resetPageContentForTests();
    render(<Probe />);
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('first render')).toBeInTheDocument();
    fireLoad();
    act(() => jest.advanceTimersByTime(PAGE_CONTENT_TIMEOUT_MS - 1));
    expect(screen.getByText('first render')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1 + PAINT_WAIT_MS + FALLBACK_DELAY_MS));
    expect(screen.getByText('after idle')).toBeInTheDocument();
  });

  it('unmounting before then cancels the load listener and the idle callback', () => {
    const idle = busyBrowserIdleCallback();
    const before = render(<Probe />);
    before.unmount();
    fireLoad();
    expect(idle.request).not.toHaveBeenCalled();

    const after = render(<Probe />);
    expect(idle.request).toHaveBeenCalledTimes(1);
    after.unmount();
    expect(idle.cancel).toHaveBeenCalledWith(1);
    expect(idle.pending.size).toBe(0);
  });
});
