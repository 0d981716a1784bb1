/**
 * Lists and search near the visitor's place (issue 27 items 3-4, migration 0022): who serves the
 * place first (own place, nearby within the radius, the same tehsil, a list), by distance, then
 * the order without a place; serves_only; an unknown place; without a place nothing changes.
 * The visitor is in ward Lalbagh (9270101, town Sitapur in tehsil Sitapur Sadar, 90271).
 */
import { anonClient, createProvider } from './helpers';

type Row = {
  id: string;
  business_name: string | null;
  category: string;
  total_count: number;
  place_kind: string | null;
  place_code: string | null;
  place_name_en: string | null;
  place_name_hi: string | null;
  serves_visitor: boolean;
  distance_km: number | null;
};
type Place = { kind: string; code: string; parent_code: string; lat: number; lon: number };

const anon = anonClient();
const LALBAGH = { p_place_kind: 'ward', p_place_code: '9270101' };

async function rpc(args: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await anon.rpc('search_providers', { p_limit: 100, ...args });
  if (error) throw new Error(JSON.stringify(error));
  return data as Row[];
}

function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = (x: number) => (x * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

// A word no seed listing has, so that a query finds only these listings.
const WORD = 'Nearquux';
const made: Record<string, string> = {};
let lalbagh: Place;

beforeAll(async () => {
  const { data, error } = await anon.from('places').select('kind,code,parent_code,lat,lon').eq('kind', 'village');
  if (error) throw error;
  const villages = (data as Place[]).map((v) => ({ ...v, lat: Number(v.lat), lon: Number(v.lon) }));
  const w = await anon.from('places').select('kind,code,parent_code,lat,lon').eq('kind', 'ward').eq('code', '9270101').single();
  lalbagh = { ...(w.data as Place), lat: Number(w.data!.lat), lon: Number(w.data!.lon) };
  const by = (f: (v: Place, d: number) => boolean) => {
    const v = villages.filter((x) => f(x, km(x, lalbagh))).sort((a, b) => km(a, lalbagh) - km(b, lalbagh))[0];
    if (!v) throw new Error('no such village in the demo district');
    return v;
  };
  const near = by((_v, d) => d > 1 && d < 5);
  const sameTehsilFar = by((v, d) => v.parent_code === '90271' && d > 16);
  const otherTehsil = by((v, d) => v.parent_code !== '90271' && d > 20);
  const specs: [string, Record<string, unknown>][] = [
    ['own', { p_place_kind: 'ward', p_place_code: '9270101', p_serve_mode: 'nearby', p_serve_radius_km: 1 }],
    ['near', { p_place_kind: 'village', p_place_code: near.code, p_serve_mode: 'nearby', p_serve_radius_km: 10 }],
    ['tehsil', { p_place_kind: 'village', p_place_code: sameTehsilFar.code, p_serve_mode: 'tehsil' }],
    ['list', { p_place_kind: 'village', p_place_code: otherTehsil.code, p_serve_mode: 'list', p_serve_places: ['ward:9270101'] }],
    ['far', { p_place_kind: 'village', p_place_code: otherTehsil.code, p_serve_mode: 'nearby', p_serve_radius_km: 5 }],
    ['far-tehsil', { p_place_kind: 'village', p_place_code: otherTehsil.code, p_serve_mode: 'tehsil' }],
    ['none', {}],
  ];
  for (const [key, place] of specs) {
    const p = await createProvider({ overrides: { p_business_name: `${WORD} ${key} works`, ...place } });
    made[p.id] = key;
  }
});

const keys = (rows: Row[]) => rows.flatMap((r) => (made[r.id] ? [made[r.id]!] : []));

describe('search_providers with the visitor place', () => {
  it('puts who serves the place first, by distance, then the others in the order without a place', async () => {
    const rows = await rpc({ p_query: WORD, ...LALBAGH });
    expect(keys(rows).slice(0, 4)).toEqual(['own', 'near', 'tehsil', 'list']);
    const flags = rows.map((r) => r.serves_visitor);
    expect(flags.slice(0, 4)).toEqual([true, true, true, true]);
    expect(flags.slice(4).every((f) => !f)).toBe(true);
    const d = rows.slice(0, 4).map((r) => r.distance_km!);
    expect(d[0]).toBe(0);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    const without = keys(await rpc({ p_query: WORD })).filter((k) => ['far', 'far-tehsil', 'none'].includes(k));
    expect(keys(rows).slice(4)).toEqual(without);
    expect(rows[0]).toMatchObject({ place_kind: 'ward', place_code: '9270101', place_name_en: 'Lalbagh', place_name_hi: 'लालबाग' });
    const none = rows.find((r) => made[r.id] === 'none')!;
    expect(none).toMatchObject({ place_kind: null, place_name_en: null, distance_km: null, serves_visitor: false });
    expect(rows[0]!.total_count).toBe(rows.length);
  });

  it('serves_only: only who serves the place, and their count', async () => {
    const rows = await rpc({ p_query: WORD, ...LALBAGH, p_serves_only: true });
    expect(keys(rows)).toEqual(['own', 'near', 'tehsil', 'list']);
    expect(rows[0]!.total_count).toBe(4);
  });

  it('a list (no query) with a place: serving first by distance, the total unchanged, pages that join up', async () => {
    // Not the plumbers: other test files, run at the same time (maxWorkers 2), add plumbers (the
    // helpers' default) near Lalbagh, and this compares calls made one after another.
    const electrician = '⚡ इलेक्ट्रीशियन';
    const plain = await rpc({ p_category: electrician });
    const near = await rpc({ p_category: electrician, ...LALBAGH });
    expect(near[0]!.total_count).toBe(plain[0]!.total_count);
    expect(near.length).toBeGreaterThan(14); // three pages of 7 at least
    const firstOther = near.findIndex((r) => !r.serves_visitor);
    expect(firstOther).toBeGreaterThan(0);
    expect(near.slice(firstOther).every((r) => !r.serves_visitor)).toBe(true);
    const d = near.slice(0, firstOther).map((r) => r.distance_km ?? Infinity);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    // Pages of 7 give the same rows as one page.
    const paged: string[] = [];
    for (let off = 0; off < near.length; off += 7)
      paged.push(...(await rpc({ p_category: electrician, ...LALBAGH, p_limit: 7, p_offset: off })).map((r) => r.id));
    expect(paged).toEqual(near.map((r) => r.id));
    // Everyone who serves is there: the same set as serves_only.
    const only = await rpc({ p_category: electrician, ...LALBAGH, p_serves_only: true });
    expect(only.map((r) => r.id)).toEqual(near.slice(0, firstOther).map((r) => r.id));
    expect(only[0]!.total_count).toBe(firstOther);
  });

  it('an unknown place is 23503 with detail place; nothing else changes', async () => {
    for (const args of [{ p_place_kind: 'ward', p_place_code: '42' }, { p_place_kind: 'ward' }, { p_place_code: '9270101' }]) {
      const { error } = await anon.rpc('search_providers', { p_query: 'plumber', ...args });
      expect(error).toMatchObject({ code: '23503', details: 'place' });
    }
  });

  it('without a place: the order and columns of before, serves_visitor false, no distance', async () => {
    const rows = await rpc({ p_query: 'plumber', p_limit: 20 });
    expect(rows.length).toBe(20);
    expect(rows.every((r) => r.serves_visitor === false && r.distance_km === null)).toBe(true);
    expect(rows.some((r) => r.place_name_en !== null)).toBe(true);
    // serves_only without a place is ignored.
    const again = await rpc({ p_query: 'plumber', p_limit: 20, p_serves_only: true });
    expect(again.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('a place named in the query: "Lalbagh plumber", "plumber in Lalbagh", "लालबाग प्लंबर" rank who serves Lalbagh first', async () => {
    for (const q of ['Lalbagh plumber', 'plumber in Lalbagh', 'लालबाग प्लंबर']) {
      const rows = await rpc({ p_query: q, p_limit: 10 });
      expect(rows[0]).toMatchObject({ serves_visitor: true, category: '🔧 प्लंबर' });
      expect(rows.every((r) => r.category === '🔧 प्लंबर')).toBe(true);
    }
    const own = await rpc({ p_query: `${WORD} Lalbagh` });
    expect(keys(own).slice(0, 4)).toEqual(['own', 'near', 'tehsil', 'list']);
  });
});
