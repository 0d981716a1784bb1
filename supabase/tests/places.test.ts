/**
 * Places (issue 27, migration 0018): the district's locality tree as the demo seed loads it
 * through the importer, public reads and refused writes, the import (all or nothing, one line
 * per bad row, idempotent) as the service role and as the operator, nearest_place, and a
 * provider's place and whom they serve at registration and by the owner.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { importPlacesCsv, type PlacesRpc } from '@city/shared/places/import';
import {
  anonClient,
  createProvider,
  phoneJwtClient,
  randomMobile,
  registration,
  server,
  serviceClient,
  sharedAdmin,
  signedInClient,
} from './helpers';

const rpcOf =
  (client: SupabaseClient): PlacesRpc =>
  async (fn, args) => {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw Object.assign(new Error(error.message), error);
    return data;
  };

async function count(filter: Record<string, string>): Promise<number> {
  let q = serviceClient().from('places').select('code', { count: 'exact', head: true });
  for (const [k, v] of Object.entries(filter)) q = q.eq(k, v);
  const { count: n, error } = await q;
  if (error) throw error;
  return n ?? 0;
}

const HEADER =
  'districtCode,districtNameEnglish,districtNameLocal,subdistrictCode,subdistrictNameEnglish,subdistrictNameLocal,villageCode,villageNameEnglish,villageNameLocal,latitude,longitude';
const village = (code: number, en: string, hi: string, lat = '27.45000', lon = '80.90000') =>
  `9027,Sitapur,सीतापुर,99901,Laharpur,लहरपुर,${code},${en},${hi},${lat},${lon}`;

describe('the demo district (seeded through the importer)', () => {
  it('has one district, 4 tehsils, 400 villages, one town with 24 wards', async () => {
    expect(await count({ kind: 'district' })).toBe(1);
    expect(await count({ kind: 'tehsil', parent_kind: 'district' })).toBeGreaterThanOrEqual(4);
    expect(await count({ kind: 'town' })).toBe(1);
    expect(await count({ kind: 'ward', parent_kind: 'town', parent_code: '92701' })).toBe(24);
    expect(await count({ kind: 'village', parent_kind: 'tehsil', parent_code: '90271' })).toBe(100);
  });

  it('is readable by anyone (children of a place, names in either script) and writable by nobody there', async () => {
    const anon = anonClient();
    const { data, error } = await anon
      .from('places')
      .select('kind,code,name_en,name_hi,lat,lon')
      .eq('parent_kind', 'town')
      .eq('parent_code', '92701')
      .ilike('name_en', 'lal%');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ kind: 'ward', name_en: 'Lalbagh', name_hi: 'लालबाग' })]);
    const hi = await anon.from('places').select('name_en').like('name_hi', 'लाल%');
    expect(hi.data).toContainEqual({ name_en: 'Lalbagh' });

    const ins = await anon.from('places').insert({ kind: 'village', code: '1', name_en: 'X', parent_kind: 'tehsil', parent_code: '90271' });
    expect(ins.error).not.toBeNull();
    const user = await signedInClient('user');
    const upd = await user.from('places').update({ name_en: 'Hacked' }).eq('kind', 'ward').eq('code', '9270101').select();
    expect(upd.error ?? upd.data).toBeTruthy();
    expect(upd.data ?? []).toEqual([]);
    const ward = await anon.from('places').select('name_en').eq('kind', 'ward').eq('code', '9270101').single();
    expect(ward.data).toEqual({ name_en: 'Lalbagh' });
  });
});

describe('nearest_place', () => {
  it('gives the nearest village or ward and the distance', async () => {
    const lalbagh = await anonClient().from('places').select('lat,lon').eq('kind', 'ward').eq('code', '9270101').single();
    const { lat, lon } = lalbagh.data as { lat: number; lon: number };
    const { data, error } = await anonClient().rpc('nearest_place', { p_lat: Number(lat) + 0.0005, p_lon: Number(lon) });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ kind: 'ward', code: '9270101', name_en: 'Lalbagh' })]);
    const row = (data as { distance_km: number }[])[0]!;
    expect(row.distance_km).toBeGreaterThan(0.03);
    expect(row.distance_km).toBeLessThan(0.08);
  });

  it('refuses a position outside the district, and a missing or impossible one', async () => {
    const delhi = await anonClient().rpc('nearest_place', { p_lat: 28.61, p_lon: 77.21 });
    expect(delhi.error).toMatchObject({ code: '22023', details: 'outside_district' });
    const none = await anonClient().rpc('nearest_place', { p_lat: null, p_lon: 80.7 });
    expect(none.error).toMatchObject({ code: '23502', details: 'position' });
    const bad = await anonClient().rpc('nearest_place', { p_lat: 95, p_lon: 80.7 });
    expect(bad.error).toMatchObject({ code: '22023', details: 'position' });
  });
});

describe('the import', () => {
  it('loads a good file once (a re-run changes nothing, a changed name is updated)', async () => {
    const csv = [HEADER, village(999001, 'Akbarpur', 'अकबरपुर'), village(999008, 'Bhagwantnagar', 'भगवंतनगर'), ''].join('\n');
    const rpc = rpcOf(serviceClient());
    const first = await importPlacesCsv(csv, rpc);
    expect(first).toMatchObject({ ok: true, rows: 2, inserted: 3, updated: 0 });
    const again = await importPlacesCsv(csv, rpc);
    expect(again).toMatchObject({ ok: true, inserted: 0, updated: 0 });
    const renamed = await importPlacesCsv(csv.replace('Bhagwantnagar', 'Bhagwant Nagar'), rpc);
    expect(renamed).toMatchObject({ ok: true, inserted: 0, updated: 1 });
    const row = await anonClient().from('places').select('name_en,parent_code').eq('kind', 'village').eq('code', '999008').single();
    expect(row.data).toEqual({ name_en: 'Bhagwant Nagar', parent_code: '99901' });
  });

  it('loads nothing when any row is bad, and says which rows and why', async () => {
    const before = await count({ kind: 'village' });
    const csv = [
      HEADER,
      village(999101, 'Good One', 'अच्छा'),
      village(999102, '', 'बिना नाम'), // row 3: no English name
      village(999103, 'Far Away', 'दूर', '28.6a', '77.2'), // row 4: position
      '9027,Sitapur,सीतापुर,99901,Laharpur,लहरपुर,12x,Bad Code,खराब,,', // row 5: code
      village(999101, 'Good Two', 'अच्छा'), // row 6: same village, another name
      '9027,Sitapur,सीतापुर,,,,999104,No Tehsil,बिना तहसील,,', // row 7: no tehsil
    ].join('\n');
    const result = await importPlacesCsv(csv, rpcOf(serviceClient()));
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'villageNameEnglish'],
      [4, 'latitude'],
      [5, 'villageCode'],
      [6, 'villageCode'],
      [7, 'subdistrictCode'],
    ]);
    expect(result.errors[3]!.message).toContain('differs from row 2');
    expect(await count({ kind: 'village' })).toBe(before);
    expect(await count({ kind: 'village', code: '999101' })).toBe(0);
  });

  it('refuses a second district and a file without code columns', async () => {
    const other = await importPlacesCsv(
      [HEADER, '9999,Elsewhere,कहीं और,99990,Far,दूर,999990,Farpur,दूरपुर,,'].join('\n'),
      rpcOf(serviceClient()),
    );
    expect(other.ok).toBe(false);
    expect(other.errors[0]).toMatchObject({ row: 2, field: 'districtCode' });
    expect(await count({ kind: 'district' })).toBe(1);
    const noCodes = await importPlacesCsv('name,place\nA,B\n', rpcOf(serviceClient()));
    expect(noCodes).toMatchObject({ ok: false, errors: [expect.objectContaining({ row: 1, field: 'header' })] });
  });

  it('is refused to anon and to a signed-in non-admin; the operator imports and it is audited', async () => {
    const batch = crypto.randomUUID();
    const args = { p_batch: batch, p_first_row: 2, p_rows: [{ villageCode: '1' }] };
    const anon = await anonClient().rpc('stage_places', args);
    expect(anon.error).toMatchObject({ code: '42501' });
    const user = await (await signedInClient('user')).rpc('stage_places', args);
    expect(user.error).toMatchObject({ code: '42501' });
    const phone = await phoneJwtClient(randomMobile()).rpc('commit_places', { p_batch: batch });
    expect(phone.error).toMatchObject({ code: '42501' });

    const admin = await sharedAdmin();
    const result = await importPlacesCsv([HEADER, village(999201, 'Operatorpur', 'ऑपरेटरपुर')].join('\n'), rpcOf(admin), 'LGD update');
    expect(result).toMatchObject({ ok: true, inserted: 1 });
    const log = await serviceClient()
      .from('audit_log')
      .select('action,reason,after')
      .eq('action', 'places.import')
      .eq('reason', 'LGD update');
    expect(log.data).toEqual([expect.objectContaining({ after: expect.objectContaining({ inserted: 1 }) })]);
    // Another writer cannot commit (or add to) someone else's staged batch.
    const staged = crypto.randomUUID();
    await rpcOf(admin)('stage_places', { p_batch: staged, p_first_row: 2, p_rows: [{ villageCode: '5' }] });
    const stolen = await serviceClient().rpc('commit_places', { p_batch: staged });
    expect(stolen.error).toMatchObject({ code: '42501' });
  });
});

describe('npm run import:places', () => {
  const cli = (file: string) => {
    const s = server();
    const pkg = resolve(__dirname, '..');
    return spawnSync(process.execPath, ['--import', 'tsx', join(pkg, 'scripts', 'import-places.ts'), file], {
      cwd: pkg,
      encoding: 'utf8',
      env: { ...process.env, SUPABASE_URL: s.url, SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey },
    });
  };

  it('prints one line per bad row and loads nothing (exit 1); a good file loads once (exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'places-cli-'));
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, [HEADER, village(999301, 'Clipur', 'क्लीपुर'), village(999302, 'Bad', 'खराब', '95', '80')].join('\n'));
    const r1 = cli(bad);
    expect(r1.status).toBe(1);
    expect(r1.stderr).toContain('row 3 (latitude):');
    expect(r1.stderr).toContain('1 bad row(s) of 2: nothing was loaded');
    expect(await count({ kind: 'village', code: '999301' })).toBe(0);

    const good = join(dir, 'good.csv');
    writeFileSync(good, [HEADER, village(999301, 'Clipur', 'क्लीपुर')].join('\r\n'));
    const r2 = cli(good);
    expect({ status: r2.status, out: r2.stdout }).toEqual({ status: 0, out: '1 rows: 1 places added, 0 updated, 2 unchanged\n' });
    const r3 = cli(good);
    expect(r3.stdout).toBe('1 rows: 0 places added, 0 updated, 3 unchanged\n');
  }, 60_000);
});

describe("a provider's place and whom they serve", () => {
  it('registration stores a known place and refuses an unknown one (nothing stored)', async () => {
    const { id } = await createProvider({
      approve: true,
      overrides: {
        p_place_kind: 'ward',
        p_place_code: '9270101',
        p_serve_mode: 'list',
        p_serve_places: ['ward:9270102', 'village:927001'],
      },
    });
    const row = await anonClient()
      .from('service_providers')
      .select('place_kind,place_code,serve_mode,serve_radius_km')
      .eq('id', id)
      .single();
    expect(row.data).toEqual({ place_kind: 'ward', place_code: '9270101', serve_mode: 'list', serve_radius_km: 10 });
    const serves = await anonClient().from('provider_serves').select('place_kind,place_code').eq('provider_id', id).order('place_code');
    expect(serves.data).toEqual([
      { place_kind: 'village', place_code: '927001' },
      { place_kind: 'ward', place_code: '9270102' },
    ]);

    const mobile = randomMobile();
    const phone = phoneJwtClient(mobile);
    const unknown = await phone.rpc('register_provider', registration({ p_place_kind: 'village', p_place_code: '123' }));
    expect(unknown.error).toMatchObject({ code: '23503', details: 'place' });
    const badList = await phone.rpc('register_provider', registration({ p_serve_mode: 'list', p_serve_places: ['village:1'] }));
    expect(badList.error).toMatchObject({ code: '23503', details: 'serve_places' });
    const district = await phone.rpc('register_provider', registration({ p_place_kind: 'district', p_place_code: '9027' }));
    expect(district.error).toMatchObject({ code: '22023', details: 'place' });
    const tehsilNoPlace = await phone.rpc('register_provider', registration({ p_serve_mode: 'tehsil' }));
    expect(tehsilNoPlace.error).toMatchObject({ code: '23502', details: 'place' });
    const mine = await phone.rpc('my_listings');
    expect(mine.data).toEqual([]);
    // Clients of before (no place) still register.
    const plain = await phone.rpc('register_provider', registration());
    expect(plain.error).toBeNull();
  });

  it('the owner changes it with set_my_place; another phone and anon cannot', async () => {
    const { id, mobile } = await createProvider();
    const owner = phoneJwtClient(mobile);
    const set = await owner.rpc('set_my_place', {
      p_provider_id: id,
      p_place_kind: 'village',
      p_place_code: '927008',
      p_serve_mode: 'tehsil',
    });
    expect(set.error).toBeNull();
    expect(set.data).toMatchObject({ place_kind: 'village', place_code: '927008', serve_mode: 'tehsil', serve_places: [] });
    const other = await phoneJwtClient(randomMobile()).rpc('set_my_place', {
      p_provider_id: id,
      p_place_kind: 'ward',
      p_place_code: '9270101',
    });
    expect(other.error).toMatchObject({ code: 'PT404' });
    const anon = await anonClient().rpc('set_my_place', { p_provider_id: id, p_place_kind: 'ward', p_place_code: '9270101' });
    expect(anon.error).toMatchObject({ code: '42501' });
    const unknown = await owner.rpc('set_my_place', { p_provider_id: id, p_place_kind: 'ward', p_place_code: '1' });
    expect(unknown.error).toMatchObject({ code: '23503', details: 'place' });
    const radius = await owner.rpc('set_my_place', {
      p_provider_id: id,
      p_place_kind: 'ward',
      p_place_code: '9270101',
      p_serve_radius_km: 500,
    });
    expect(radius.error).toMatchObject({ code: '22023', details: 'serve_radius_km' });
    // A direct PATCH of the place is refused (the owner guard: only the free columns).
    const patch = await owner.from('service_providers').update({ place_code: '9270101', place_kind: 'ward' }).eq('id', id);
    expect(patch.error).toMatchObject({ code: '42501' });
    const row = await anonClient().from('service_providers').select('place_kind,place_code,serve_mode').eq('id', id).single();
    expect(row.data).toEqual({ place_kind: 'village', place_code: '927008', serve_mode: 'tehsil' });
    const log = await serviceClient().from('audit_log').select('action,after').eq('target_id', id).eq('action', 'owner.place');
    expect(log.data).toEqual([expect.objectContaining({ after: expect.objectContaining({ place_code: '927008' }) })]);
  });

  it('most demo providers have a place, most of them in the wards of the town', async () => {
    const all = await anonClient().from('service_providers').select('place_kind', { count: 'exact', head: true });
    const wards = await anonClient().from('service_providers').select('id', { count: 'exact', head: true }).eq('place_kind', 'ward');
    const none = await anonClient().from('service_providers').select('id', { count: 'exact', head: true }).is('place_kind', null);
    expect(wards.count!).toBeGreaterThan(all.count! / 2);
    expect(none.count!).toBeGreaterThan(0);
  });
});
