/** Spec section 7: active advertisements whose date window contains now; seed media is served locally. */
import { anonClient, server } from './helpers';

// The seed's three ads (other test files, the operator console's, add and remove ads of their own).
const SEED_ADS = ['6d1f1c1e-5a0b-4c55-9d0e-000000000001', '6d1f1c1e-5a0b-4c55-9d0e-000000000002', '6d1f1c1e-5a0b-4c55-9d0e-000000000003'];

const COLUMNS = [
  'id',
  'title',
  'media_alt',
  'active',
  'start_date',
  'end_date',
  'media_type',
  'media_url',
  'redirect_link',
  'created_at',
  'sort_order',
];

describe('advertisements', () => {
  test('active ads in their date window (client clock): image and video, not the expired YouTube ad', async () => {
    const now = new Date().toISOString();
    const { data, error } = await anonClient()
      .from('advertisements')
      .select('*')
      .in('id', SEED_ADS)
      .eq('active', true)
      .or(`start_date.is.null,start_date.lte.${now}`)
      .or(`end_date.is.null,end_date.gte.${now}`)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((a) => a.media_type).sort()).toEqual(['image', 'video']);
    expect(Object.keys(data![0]!).sort()).toEqual([...COLUMNS].sort());
  });

  test("the database clock ('now', quoted ISO) gives the same window", async () => {
    const at = `"${new Date().toISOString()}"`;
    const quoted = await anonClient()
      .from('advertisements')
      .select('id')
      .in('id', SEED_ADS)
      .eq('active', true)
      .or(`start_date.is.null,start_date.lte.${at}`)
      .or(`end_date.is.null,end_date.gte.${at}`);
    const dbNow = await anonClient()
      .from('advertisements')
      .select('id')
      .in('id', SEED_ADS)
      .eq('active', true)
      .or('start_date.is.null,start_date.lte.now')
      .or('end_date.is.null,end_date.gte.now');
    expect(quoted.error).toBeNull();
    expect(dbNow.error).toBeNull();
    expect(dbNow.data!.map((r) => r.id).sort()).toEqual(quoted.data!.map((r) => r.id).sort());
    expect(dbNow.data).toHaveLength(2);
  });

  test('all three seed ads exist (one expired) and local media is served', async () => {
    const { data } = await anonClient().from('advertisements').select('media_type, media_url, end_date').in('id', SEED_ADS);
    expect(data!.map((a) => a.media_type).sort()).toEqual(['image', 'video', 'youtube']);
    const expired = data!.find((a) => a.media_type === 'youtube')!;
    expect(Date.parse(expired.end_date as string)).toBeLessThan(Date.now());
    expect(expired.media_url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    const s = server();
    for (const ad of data!.filter((a) => a.media_type !== 'youtube')) {
      const path = new URL(ad.media_url as string).pathname;
      const res = await fetch(`${s.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(ad.media_type === 'image' ? /^image\// : /^video\//);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    const traversal = await fetch(`${s.url}/storage/v1/object/public/..%2F..%2Fpackage.json`);
    expect(traversal.status).toBe(400);
  });
});
