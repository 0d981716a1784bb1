/**
 * Issue 27, item 3 (migration 0021): finding a place by typing part of its name, in either
 * script, as the header's picker and the registration form call it (anon). Runs on the demo
 * district the seed loads (Lalbagh is a ward of the town Sitapur; Rampur, Rampur Kalan and
 * Rampur Khurd are villages of two tehsils).
 */
import { anonClient, serviceClient } from './helpers';

interface Found {
  kind: string;
  code: string;
  name_en: string;
  name_hi: string | null;
  lat: number | null;
  lon: number | null;
  parent_name_en: string | null;
  parent_name_hi: string | null;
}

async function search(args: Record<string, unknown>): Promise<Found[]> {
  const { data, error } = await anonClient().rpc('search_places', args);
  expect(error).toBeNull();
  return data as Found[];
}
const names = (rows: Found[]) => rows.map((r) => r.name_en);

describe('search_places', () => {
  it.each(['Lalbagh', 'lalbagh', 'lalbag', 'laalbag', 'लालबाग', 'lal', 'लाल'])('finds Lalbagh first for %s, with its town', async (q) => {
    const rows = await search({ p_query: q });
    expect(rows[0]).toEqual({
      kind: 'ward',
      code: '9270101',
      name_en: 'Lalbagh',
      name_hi: 'लालबाग',
      lat: expect.any(Number),
      lon: expect.any(Number),
      parent_name_en: 'Sitapur',
      parent_name_hi: 'सीतापुर',
    });
  });

  it('puts the exact name first, then names that start with it, then a later word; parents tell them apart', async () => {
    for (const q of ['Rampur', 'रामपुर', 'raampur']) {
      const rows = await search({ p_query: q });
      expect(names(rows).slice(0, 3)).toEqual(['Rampur', 'Rampur Kalan', 'Rampur Khurd']);
      expect(rows.slice(0, 3).map((r) => r.parent_name_en)).toEqual(['Sitapur Sadar', 'Sitapur Sadar', 'Biswan']);
      expect(names(rows)).not.toContain('Balrampur');
    }
    for (const q of ['Rampur Khurd', 'रामपुर खुर्द', 'rampur khurd']) {
      expect((await search({ p_query: q }))[0]).toMatchObject({ code: '927988', parent_name_en: 'Biswan', parent_name_hi: 'बिसवां' });
    }
    // A later word of a name: Balrampur Khurd is found by its second word, in either script.
    for (const q of ['खुर्द', 'khurd']) expect(names(await search({ p_query: q, p_limit: 20 }))).toContain('Balrampur Khurd');
  });

  it('gives villages, wards and towns unless asked for other kinds (unknown kinds are ignored)', async () => {
    expect(new Set((await search({ p_query: 'sitapur' })).map((r) => r.kind))).toEqual(new Set(['town']));
    const tehsils = await search({ p_query: 'sitapur', p_kinds: ['tehsil', 'district', 'planet'] });
    expect(tehsils.map((r) => [r.kind, r.name_en])).toEqual([
      ['district', 'Sitapur'],
      ['tehsil', 'Sitapur Sadar'],
    ]);
    expect(tehsils[0]!.parent_name_en).toBeNull();
    expect(await search({ p_query: 'sitapur', p_kinds: ['planet'] })).toEqual([]);
  });

  it('cuts bad input, never an error: long, empty, wildcards, the limit', async () => {
    expect(await search({ p_query: '' })).toEqual([]);
    expect(await search({ p_query: null })).toEqual([]);
    expect(await search({ p_query: '   \n\t ' })).toEqual([]);
    expect(await search({ p_query: '%' })).toEqual([]);
    expect(await search({ p_query: '_' })).toEqual([]);
    expect(names(await search({ p_query: `Lalbagh${' x'.repeat(2000)}` }))).toEqual([]);
    expect(names(await search({ p_query: `  Lal\n\tbagh` }))).toEqual([]);
    expect(names(await search({ p_query: 'lal   ' }))[0]).toBe('Lalbagh');
    expect(await search({ p_query: 'a', p_limit: 1000 })).toHaveLength(20);
    expect(await search({ p_query: 'a' })).toHaveLength(10);
    expect(await search({ p_query: 'a', p_limit: 0 })).toHaveLength(1);
    expect(await search({ p_query: 'a', p_limit: -5 })).toHaveLength(1);
  });

  it('keeps the key when the operator renames a place', async () => {
    const service = serviceClient();
    const code = '929717';
    const { error } = await service.from('places').update({ name_hi: 'रामपुरा' }).eq('kind', 'village').eq('code', code);
    expect(error).toBeNull();
    try {
      expect((await search({ p_query: 'रामपुरा' }))[0]).toMatchObject({ code, name_hi: 'रामपुरा' });
    } finally {
      await service.from('places').update({ name_hi: 'रामपुर' }).eq('kind', 'village').eq('code', code);
    }
  });
});
