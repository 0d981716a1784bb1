/**
 * The profile's first read of a provider (shared/src/contracts/page-reads.ts, issue 27) carries
 * the provider's place and the places of a 'list' (their names and centres), embedded through
 * the foreign keys, as the anon role: the same request the serving layer and the remote send.
 */
import { providerRowRead } from '@city/shared/contracts';
import { createProvider, raw } from './helpers';

async function profileRow(id: string): Promise<Record<string, unknown>> {
  const target = providerRowRead(id);
  if (!('table' in target)) throw new Error('the profile row is a table read');
  const res = await raw(`/rest/v1/${target.table}?${new URLSearchParams(target.query as Record<string, string>).toString()}`);
  expect(res.status).toBe(200);
  const rows = res.json as Record<string, unknown>[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("the profile's read of a provider's place", () => {
  it('embeds the place, and the names of a list of served places', async () => {
    const { id } = await createProvider({
      overrides: {
        p_place_kind: 'ward',
        p_place_code: '9270101',
        p_serve_mode: 'list',
        p_serve_places: ['ward:9270102', 'village:927001'],
      },
    });
    const row = await profileRow(id);
    expect(row).toMatchObject({ place_kind: 'ward', place_code: '9270101', serve_mode: 'list' });
    expect(row.place).toEqual({
      kind: 'ward',
      code: '9270101',
      name_en: expect.any(String),
      name_hi: expect.any(String),
      lat: expect.anything(),
      lon: expect.anything(),
    });
    const serves = (row.serves as { place: { kind: string; code: string } }[]).map((s) => `${s.place.kind}:${s.place.code}`).sort();
    expect(serves).toEqual(['village:927001', 'ward:9270102']);
  });

  it('a listing without a place reads as before, with place null and no served places', async () => {
    const { id } = await createProvider();
    const row = await profileRow(id);
    expect(row).toMatchObject({ place_kind: null, place_code: null, place: null, serves: [] });
    // Nothing private comes with it.
    expect(row).not.toHaveProperty('aadhaar_number');
  });
});
