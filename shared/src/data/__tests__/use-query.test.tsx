import { act, renderHook } from '@testing-library/react';
import { usePagedQuery, useQuery, type PageAnswer, type QueryKey, type QueryOptions } from '../use-query';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader whose answers the test gives by hand, one deferred per call, with the signal seen. */
function manualLoader<T>() {
  const calls: { key: string; signal: AbortSignal; answer: Deferred<T> }[] = [];
  const load = (key: string) => (context: { signal: AbortSignal }) => {
    const answer = deferred<T>();
    calls.push({ key, signal: context.signal, answer });
    return answer.promise;
  };
  return { calls, load };
}

const settle = (fn: () => void) => act(async () => fn());

describe('useQuery', () => {
  function setup(initialKey: string | null, options?: QueryOptions) {
    const loader = manualLoader<string>();
    const view = renderHook(({ k }: { k: string | null }) => useQuery(k, loader.load(k ?? ''), options), {
      initialProps: { k: initialKey },
    });
    return { ...loader, view, result: () => view.result.current };
  }

  it('loads the key on mount: loading, then success with the data', async () => {
    const { calls, result } = setup('a');
    expect(result()).toMatchObject({ status: 'loading', data: undefined, error: null });
    expect(calls).toHaveLength(1);
    await settle(() => calls[0]!.answer.resolve('A'));
    expect(result()).toMatchObject({ status: 'success', data: 'A', error: null });
  });

  it('is idle with no key, and loads nothing', () => {
    const { calls, result } = setup(null);
    expect(result()).toMatchObject({ status: 'idle', data: undefined, error: null });
    expect(calls).toHaveLength(0);
  });

  it('says why a load failed', async () => {
    const { calls, result } = setup('a');
    const boom = new Error('boom');
    await settle(() => calls[0]!.answer.reject(boom));
    expect(result()).toMatchObject({ status: 'error', data: undefined, error: boom });
  });

  it('on a new key drops the old data at once, aborts the old request and ignores its answer', async () => {
    const { calls, view, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve('A'));
    view.rerender({ k: 'b' });
    // the very render that changed the key already shows it as loading, without A
    expect(result()).toMatchObject({ status: 'loading', data: undefined });
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
    view.rerender({ k: 'c' });
    expect(calls[1]!.signal.aborted).toBe(true);
    await settle(() => calls[2]!.answer.resolve('C'));
    await settle(() => calls[1]!.answer.resolve('B (late)'));
    expect(result()).toMatchObject({ status: 'success', data: 'C' });
  });

  it('never lets a slow answer of an older request replace a newer one (reload)', async () => {
    const { calls, result } = setup('a');
    act(() => result().reload());
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[1]!.answer.resolve('new'));
    await settle(() => calls[0]!.answer.resolve('old'));
    expect(result()).toMatchObject({ status: 'success', data: 'new' });
    await settle(() => calls[0]!.answer.reject(new Error('late failure')));
    expect(result().status).toBe('success');
  });

  it('reload keeps the data shown while it asks again, and after a failure', async () => {
    const { calls, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve('A1'));
    act(() => result().reload());
    expect(result()).toMatchObject({ status: 'loading', data: 'A1', error: null });
    const down = new Error('down');
    await settle(() => calls[1]!.answer.reject(down));
    expect(result()).toMatchObject({ status: 'error', data: 'A1', error: down });
    act(() => result().reload());
    await settle(() => calls[2]!.answer.resolve('A2'));
    expect(result()).toMatchObject({ status: 'success', data: 'A2', error: null });
  });

  it('a key that goes back to null is idle and aborts the request in flight', async () => {
    const { calls, view, result } = setup('a');
    view.rerender({ k: null });
    expect(result()).toMatchObject({ status: 'idle', data: undefined });
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.answer.resolve('A'));
    expect(result().status).toBe('idle');
  });

  it('aborts on unmount and sets nothing afterwards', async () => {
    const { calls, view } = setup('a');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    view.unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.answer.resolve('A'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("with keepPreviousData shows the previous key's data until the new answer", async () => {
    const { calls, view, result } = setup('a', { keepPreviousData: true });
    await settle(() => calls[0]!.answer.resolve('A'));
    view.rerender({ k: 'b' });
    expect(result()).toMatchObject({ status: 'loading', data: 'A' });
    await settle(() => calls[1]!.answer.resolve('B'));
    expect(result()).toMatchObject({ status: 'success', data: 'B' });
    // a failure of the new key does not pass the previous key's data off as its own
    view.rerender({ k: 'c' });
    await settle(() => calls[2]!.answer.reject(new Error('no')));
    expect(result()).toMatchObject({ status: 'error', data: undefined });
  });

  it('setData changes the data here, without a request', async () => {
    const { calls, result } = setup('a');
    await settle(() => calls[0]!.answer.reject(new Error('down')));
    act(() => result().setData((d) => `${d ?? ''}local`));
    expect(result()).toMatchObject({ status: 'success', data: 'local', error: null });
    expect(calls).toHaveLength(1);
  });

  it('an update that returns the data itself changes nothing', async () => {
    const { calls, result } = setup('a');
    const down = new Error('down');
    await settle(() => calls[0]!.answer.reject(down));
    const before = result();
    act(() => result().setData((d) => d));
    expect(result()).toMatchObject({ status: 'error', data: undefined, error: down });
    expect(result().reload).toBe(before.reload);
  });

  it('takes array keys by value: a new array with the same values is the same key', async () => {
    const loader = manualLoader<string>();
    const view = renderHook(({ k }: { k: QueryKey }) => useQuery(k, loader.load(JSON.stringify(k))), {
      initialProps: { k: ['search', { q: 'x' }] as QueryKey },
    });
    view.rerender({ k: ['search', { q: 'x' }] });
    expect(loader.calls).toHaveLength(1);
    view.rerender({ k: ['search', { q: 'y' }] });
    expect(loader.calls).toHaveLength(2);
  });
});

describe('usePagedQuery', () => {
  interface Row {
    id: string;
  }
  const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

  function setup(initialKey: string) {
    const calls: { key: string; offset: number; signal: AbortSignal; answer: Deferred<PageAnswer<Row>> }[] = [];
    const view = renderHook(
      ({ k }: { k: string }) =>
        usePagedQuery<Row>(k, ({ signal, offset }) => {
          const answer = deferred<PageAnswer<Row>>();
          calls.push({ key: k, offset, signal, answer });
          return answer.promise;
        }),
      { initialProps: { k: initialKey } },
    );
    return { calls, view, result: () => view.result.current };
  }

  it('loads the first page, then the next at the offset of what is loaded, each id once', async () => {
    const { calls, result } = setup('a');
    expect(result()).toMatchObject({ status: 'loading', hasMore: false, loadingMore: false });
    await settle(() => calls[0]!.answer.resolve({ items: rows('1', '2'), total: 4 }));
    expect(result()).toMatchObject({ status: 'success', data: { items: rows('1', '2'), total: 4, hasMore: true }, hasMore: true });

    act(() => result().loadMore());
    act(() => result().loadMore()); // ignored while a page is loading
    expect(calls.map((c) => c.offset)).toEqual([0, 2]);
    expect(result()).toMatchObject({ status: 'success', loadingMore: true });
    // '2' again: the list moved between pages
    await settle(() => calls[1]!.answer.resolve({ items: rows('2', '3', '4'), total: 4 }));
    expect(result()).toMatchObject({
      data: { items: rows('1', '2', '3', '4'), total: 4, hasMore: false },
      hasMore: false,
      loadingMore: false,
    });
    act(() => result().loadMore());
    expect(calls).toHaveLength(2);
  });

  it('without a total, follows what the loader says of further pages', async () => {
    const { calls, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve({ items: rows('1'), more: true }));
    expect(result()).toMatchObject({ data: { total: null, hasMore: true }, hasMore: true });
    act(() => result().loadMore());
    await settle(() => calls[1]!.answer.resolve({ items: rows('2'), more: false }));
    expect(result()).toMatchObject({ data: { items: rows('1', '2'), hasMore: false }, hasMore: false });
  });

  it('a failed next page keeps the items, says why, and loadMore tries it again', async () => {
    const { calls, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve({ items: rows('1'), total: 2 }));
    act(() => result().loadMore());
    const down = new Error('down');
    await settle(() => calls[1]!.answer.reject(down));
    expect(result()).toMatchObject({ status: 'success', data: { items: rows('1') }, loadingMore: false, moreError: down, error: null });
    act(() => result().loadMore());
    expect(result()).toMatchObject({ loadingMore: true, moreError: null });
    await settle(() => calls[2]!.answer.resolve({ items: rows('2'), total: 2 }));
    expect(result()).toMatchObject({ data: { items: rows('1', '2') }, moreError: null });
  });

  it('a new key starts at the first page and drops a next page still loading for the old one', async () => {
    const { calls, view, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve({ items: rows('1'), total: 5 }));
    act(() => result().loadMore());
    view.rerender({ k: 'b' });
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]).toMatchObject({ key: 'b', offset: 0 });
    expect(result()).toMatchObject({ status: 'loading', data: undefined, loadingMore: false });
    await settle(() => calls[1]!.answer.resolve({ items: rows('2'), total: 5 }));
    await settle(() => calls[2]!.answer.resolve({ items: rows('x'), total: 1 }));
    expect(result()).toMatchObject({ status: 'success', data: { items: rows('x'), total: 1 }, hasMore: false });
  });

  it('setData edits the list in place (a row removed, the total with it)', async () => {
    const { calls, result } = setup('a');
    await settle(() => calls[0]!.answer.resolve({ items: rows('1', '2'), total: 3 }));
    act(() => result().setData((d) => ({ ...d!, items: d!.items.filter((r) => r.id !== '1'), total: d!.total! - 1 })));
    expect(result()).toMatchObject({ data: { items: rows('2'), total: 2 }, hasMore: true });
    act(() => result().loadMore());
    expect(calls[1]!.offset).toBe(1);
  });
});
