// Keywords and descriptions are downloaded on demand (a chunk of their own in the browser; a
// mocked module here, so a test can count the downloads and make one fail).
import { act, renderHook, waitFor } from '@testing-library/react';

type Loader = typeof import('../category-details-loader');
type Hook = typeof import('../use-category-details');

const DETAILS = { plumber: { keywords: ['plumber', 'nal'], desc: { en: 'Taps.', hi: 'नल।' } } };
let downloads = 0;
let failNext = 0;

// The one React that @testing-library/react renders with, kept across jest.resetModules().
const react: unknown = jest.requireActual('react');

/** Fresh modules (the cache is module state), as on a new page load. */
function fresh(): Loader & Hook {
  jest.resetModules();
  jest.doMock('react', () => react);
  jest.doMock('../category-details', () => {
    downloads += 1;
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('ChunkLoadError: Loading chunk category-details failed.');
    }
    return { CATEGORY_DETAILS: DETAILS };
  });
  return { ...(require('../category-details-loader') as Loader), ...(require('../use-category-details') as Hook) };
}

beforeEach(() => {
  downloads = 0;
  failNext = 0;
});

describe('loadCategoryDetails', () => {
  it('downloads once and caches the result', async () => {
    const { loadCategoryDetails, loadedCategoryDetails } = fresh();
    expect(loadedCategoryDetails()).toBeNull();
    const first = loadCategoryDetails();
    expect(loadCategoryDetails()).toBe(first);
    await expect(first).resolves.toBe(DETAILS);
    await expect(loadCategoryDetails()).resolves.toBe(DETAILS);
    expect(loadedCategoryDetails()).toBe(DETAILS);
    expect(downloads).toBe(1);
  });

  it('forgets a failed download, so the next call tries again', async () => {
    const { loadCategoryDetails, loadedCategoryDetails } = fresh();
    failNext = 1;
    await expect(loadCategoryDetails()).rejects.toThrow('ChunkLoadError');
    expect(loadedCategoryDetails()).toBeNull();
    await expect(loadCategoryDetails()).resolves.toBe(DETAILS);
    expect(downloads).toBe(2);
  });
});

describe('useCategoryDetails', () => {
  it('is null until the details arrive, then gives them', async () => {
    const { useCategoryDetails } = fresh();
    const { result } = renderHook(() => useCategoryDetails());
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe(DETAILS));
    // A later mount has them at once.
    expect(renderHook(() => useCategoryDetails()).result.current).toBe(DETAILS);
    expect(downloads).toBe(1);
  });

  it('downloads nothing until asked to load (a list waits for its first results)', async () => {
    const { useCategoryDetails } = fresh();
    const { result, rerender } = renderHook(({ load }) => useCategoryDetails(load), { initialProps: { load: false } });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(downloads).toBe(0);
    expect(result.current).toBeNull();
    rerender({ load: true });
    await waitFor(() => expect(result.current).toBe(DETAILS));
    expect(downloads).toBe(1);
  });

  it('stays null after a failed download, and a later mount tries again', async () => {
    const { useCategoryDetails } = fresh();
    failNext = 1;
    const first = renderHook(() => useCategoryDetails());
    await waitFor(() => expect(downloads).toBe(1));
    await act(() => new Promise((r) => setTimeout(r, 0))); // the failure settles
    expect(first.result.current).toBeNull();
    first.unmount();
    const second = renderHook(() => useCategoryDetails());
    await waitFor(() => expect(second.result.current).toBe(DETAILS));
    expect(downloads).toBe(2);
  });
});
