import type { ProviderListItem } from '../api';

let n = 0;
export function provider(overrides: Partial<ProviderListItem> = {}): ProviderListItem {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Provider ${n}`,
    business_name: null,
    mobile: '9876500000',
    category: '🔧 प्लंबर',
    specialist_in: null,
    experience: 3,
    address: 'Station Road',
    verified: false,
    registration_date: '2026-01-01T00:00:00Z',
    avg_rating: 0,
    rating_count: 0,
    ...overrides,
  };
}

/** A promise with its resolve/reject exposed, for ordering responses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
