import { createVisitorPlaceStore, parseVisitorPlace, VISITOR_PLACE_STORAGE_KEY } from '../visitor-place-store';

const lalbagh = { kind: 'ward' as const, code: '250101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 26.1, lon: 80.2 };

describe('visitor place store', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the chosen place on the phone and reads it back on the next page', () => {
    createVisitorPlaceStore().getState().setPlace(lalbagh);
    expect(createVisitorPlaceStore().getState().place).toEqual(lalbagh);
  });

  it('forgets the place when set to null', () => {
    const store = createVisitorPlaceStore();
    store.getState().setPlace(lalbagh);
    store.getState().setPlace(null);
    expect(localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)).toBeNull();
    expect(createVisitorPlaceStore().getState().place).toBeNull();
  });

  it('ignores a stored value that is not a place', () => {
    for (const raw of ['{', '{"kind":"district","code":"1","nameEn":"X"}', '{"kind":"ward","code":"12a","nameEn":"X"}', '"x"']) {
      localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, raw);
      expect(createVisitorPlaceStore().getState().place).toBeNull();
    }
  });

  it('keeps a place without a centre (no distance, still a place)', () => {
    expect(parseVisitorPlace(JSON.stringify({ ...lalbagh, lat: null, lon: 'x', nameHi: '' }))).toEqual({
      ...lalbagh,
      lat: null,
      lon: null,
      nameHi: null,
    });
  });
});
