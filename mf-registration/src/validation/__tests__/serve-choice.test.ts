import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import { EMPTY_SERVE_CHOICE, SERVE_ERROR_KEYS, parseRadius, serveErrorForDb, validateServeChoice, type ChosenPlace } from '../serve-choice';

const LALBAGH: ChosenPlace = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57, lon: 80.68 };
const village = (code: string): ChosenPlace => ({ kind: 'village', code, nameEn: `V${code}`, nameHi: null, lat: null, lon: null });

describe('validateServeChoice', () => {
  it('sends nothing about a place when none is chosen and the mode is the default', () => {
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE })).toEqual({
      ok: true,
      args: { p_place_kind: null, p_place_code: null, p_serve_mode: null, p_serve_radius_km: null, p_serve_places: null },
    });
  });

  it('a place and nearby: the place, the mode and the radius (Devanagari digits too)', () => {
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, place: LALBAGH, radiusKm: '१५' })).toEqual({
      ok: true,
      args: { p_place_kind: 'ward', p_place_code: '9270101', p_serve_mode: 'nearby', p_serve_radius_km: 15, p_serve_places: null },
    });
  });

  it('the whole tehsil needs a place', () => {
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, mode: 'tehsil' })).toEqual({
      ok: false,
      errors: { place: 'place.errors.tehsilNeedsPlace' },
      firstInvalid: 'place',
    });
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, mode: 'tehsil', place: LALBAGH })).toMatchObject({
      ok: true,
      args: { p_serve_mode: 'tehsil', p_serve_radius_km: null, p_serve_places: null },
    });
  });

  it('a radius outside 1-50 km is refused', () => {
    for (const radiusKm of ['0', '51', '', '2.5', 'ten']) {
      expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, place: LALBAGH, radiusKm })).toMatchObject({
        ok: false,
        errors: { serveRadius: 'place.errors.radius' },
      });
    }
  });

  it('a list needs 1 to 30 places, duplicates counted once, sent as kind:code', () => {
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, mode: 'list' })).toMatchObject({
      ok: false,
      errors: { servePlaces: 'place.errors.listCount' },
    });
    const thirtyOne = Array.from({ length: 31 }, (_, i) => village(String(927000 + i)));
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, mode: 'list', list: thirtyOne })).toMatchObject({ ok: false });
    expect(validateServeChoice({ ...EMPTY_SERVE_CHOICE, mode: 'list', list: [village('927001'), village('927001'), LALBAGH] })).toEqual({
      ok: true,
      args: {
        p_place_kind: null,
        p_place_code: null,
        p_serve_mode: 'list',
        p_serve_radius_km: null,
        p_serve_places: ['village:927001', 'ward:9270101'],
      },
    });
  });
});

describe('parseRadius', () => {
  it('takes whole km 1-50', () => {
    expect(parseRadius(' 10 ')).toBe(10);
    expect(parseRadius('50')).toBe(50);
    expect(parseRadius('51')).toBeNull();
    expect(parseRadius('-1')).toBeNull();
  });
});

describe('serveErrorForDb: the database refusals of migration 0018, beside their field', () => {
  it.each([
    ['23503', 'place', { field: 'place', key: 'place.errors.unknownPlace' }],
    ['23503', 'serve_places', { field: 'servePlaces', key: 'place.errors.unknownServePlace' }],
    ['23502', 'place', { field: 'place', key: 'place.errors.tehsilNeedsPlace' }],
    ['22023', 'place', { field: 'place', key: 'place.errors.placeKind' }],
    ['22023', 'serve_mode', { field: 'serveMode', key: 'place.errors.badMode' }],
    ['22023', 'serve_radius_km', { field: 'serveRadius', key: 'place.errors.radius' }],
    ['22023', 'serve_places', { field: 'servePlaces', key: 'place.errors.listCount' }],
  ])('%s on %s', (code, details, expected) => {
    expect(serveErrorForDb(code, details)).toEqual(expected);
  });

  it('is null for the other refusals', () => {
    expect(serveErrorForDb('23502', 'name')).toBeNull();
    expect(serveErrorForDb('23505', 'place')).toBeNull();
    expect(serveErrorForDb(undefined, null)).toBeNull();
  });
});

describe('messages', () => {
  const lookup = (resources: unknown, key: string) =>
    key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], resources);

  it.each(SERVE_ERROR_KEYS)('%s has an English and a Hindi message', (key) => {
    expect(lookup(en, key)).toEqual(expect.any(String));
    expect(lookup(hi, key)).toMatch(/[\u0900-\u097F]/u);
  });
});
