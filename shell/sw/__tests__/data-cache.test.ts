/** @jest-environment node */
import { dataCacheKey, dataRoute, firstReadsInHtml, withoutFirstReads } from '../data-cache';
import { buildPublicRequest, firstReadKey, searchProvidersRead } from '@city/shared/contracts';
import { withFirstReads } from '../../server/first-reads';

const anon = (key = 'anon-key') => new Headers({ apikey: key, authorization: `Bearer ${key}` });
const api = 'http://localhost:54321/rest/v1';

describe('dataRoute', () => {
  it('keeps anonymous category lists, searches and profile reads, each kind in its own cache', () => {
    expect(dataRoute(new URL(`${api}/rpc/search_providers`), 'POST', anon())).toEqual({
      cacheName: 'city-data-search_providers',
      maxEntries: 30,
    });
    expect(dataRoute(new URL(`${api}/service_providers?select=*&id=eq.1`), 'GET', anon())).toEqual({
      cacheName: 'city-data-service_providers',
      maxEntries: 20,
    });
    expect(dataRoute(new URL(`${api}/reviews?provider_id=eq.1`), 'GET', anon())?.maxEntries).toBe(20);
    expect(dataRoute(new URL(`${api}/rpc/get_device_ratings`), 'POST', anon())?.cacheName).toBe('city-data-get_device_ratings');
  });

  it('passes writes through: rating, review, registration, clicks, table writes', () => {
    for (const fn of ['rate_provider', 'add_review', 'register_provider', 'track_click', 'admin_stats'])
      expect(dataRoute(new URL(`${api}/rpc/${fn}`), 'POST', anon())).toBeNull();
    expect(dataRoute(new URL(`${api}/reviews`), 'POST', anon())).toBeNull();
    expect(dataRoute(new URL(`${api}/service_providers?id=eq.1`), 'PATCH', anon())).toBeNull();
  });

  it('never keeps a signed-in user’s answers, nor requests without the public key', () => {
    const signedIn = new Headers({ apikey: 'anon-key', authorization: 'Bearer eyJ.user.jwt' });
    expect(dataRoute(new URL(`${api}/service_providers?id=eq.1`), 'GET', signedIn)).toBeNull();
    expect(dataRoute(new URL(`${api}/rpc/search_providers`), 'POST', signedIn)).toBeNull();
    expect(dataRoute(new URL(`${api}/service_providers`), 'GET', new Headers())).toBeNull();
    expect(dataRoute(new URL('http://localhost:54321/auth/v1/user'), 'GET', anon())).toBeNull();
  });
});

describe('dataCacheKey', () => {
  it('is the URL for a GET, and URL + body for a POST: same body same key, another body another key', () => {
    expect(dataCacheKey(`${api}/reviews?a=1`, 'GET', '')).toBe(`${api}/reviews?a=1`);
    const a = dataCacheKey(`${api}/rpc/search_providers`, 'POST', '{"p_category":"plumber"}');
    expect(a).toBe(dataCacheKey(`${api}/rpc/search_providers`, 'POST', '{"p_category":"plumber"}'));
    expect(a).not.toBe(dataCacheKey(`${api}/rpc/search_providers`, 'POST', '{"p_category":"tutor"}'));
    expect(new URL(a).searchParams.get('__body')).toBe('{"p_category":"plumber"}');
  });
});

describe('a list near the visitor place (issue 27): kept under its own key', () => {
  const config = { supabaseUrl: 'http://db.example.in', supabaseAnonKey: 'anon' };
  const list = { query: '', category: 'plumber', minRating: 0, verified: 'all', sort: 'rating_desc', available: false } as const;
  const keyOf = (place: { kind: string; code: string } | null, servesOnly = false) => {
    const { url, init } = buildPublicRequest(searchProvidersRead({ ...list, place, servesOnly }), config);
    expect(dataRoute(new URL(url), init.method!, new Headers(init.headers))?.cacheName).toBe('city-data-search_providers');
    return dataCacheKey(url, init.method!, String(init.body));
  };

  it('the place and the serves-only filter are part of the key; the same place the same key', () => {
    const lalbagh = keyOf({ kind: 'ward', code: '9270101' });
    expect(lalbagh).toBe(keyOf({ kind: 'ward', code: '9270101' }));
    const keys = [keyOf(null), lalbagh, keyOf({ kind: 'village', code: '927001' }), keyOf({ kind: 'ward', code: '9270101' }, true)];
    expect(new Set(keys).size).toBe(4);
    expect(JSON.parse(new URL(lalbagh).searchParams.get('__body')!)).toMatchObject({ p_place_kind: 'ward', p_place_code: '9270101' });
  });
});

describe('firstReadsInHtml: the data a page got with its HTML, kept for offline', () => {
  const config = { supabaseUrl: 'http://db.example.in', supabaseAnonKey: 'anon' };
  const search = buildPublicRequest({ rpc: 'search_providers', args: { p_query: 'nal bad </script>' } }, config);
  const row = buildPublicRequest({ table: 'service_providers', query: { select: '*', id: 'eq.1' } }, config);

  it("reads back what the serving step wrote, as the worker's data cache keys it", () => {
    const html = withFirstReads('<html><body></body></html>', {
      at: Date.now(),
      reads: [
        { key: firstReadKey(search), status: 200, body: '[{"name":"</script>"}]' },
        { key: firstReadKey(row), status: 200, body: '[]' },
      ],
    });
    const reads = firstReadsInHtml(html);
    expect(reads).toEqual([
      { method: 'POST', url: search.url, body: search.init.body, answer: '[{"name":"</script>"}]' },
      { method: 'GET', url: row.url, body: '', answer: '[]' },
    ]);
    // The same key the worker gives the page's own POST of that read.
    expect(dataCacheKey(reads[0]!.url, reads[0]!.method, reads[0]!.body)).toBe(dataCacheKey(search.url, 'POST', String(search.init.body)));
  });

  it('a kept page is served without them (offline the app reads the kept data, with its note)', () => {
    const html = withFirstReads('<html><body><main></main></body></html>', {
      at: 1,
      reads: [{ key: firstReadKey(row), status: 200, body: '[]' }],
    });
    expect(withoutFirstReads(html)).toBe('<html><body><main></main></body></html>');
  });

  it('nothing from a page without them, or a malformed block', () => {
    expect(firstReadsInHtml('<html><body></body></html>')).toEqual([]);
    expect(firstReadsInHtml('<script type="application/json" id="first-reads">{</script>')).toEqual([]);
    expect(
      firstReadsInHtml('<script type="application/json" id="first-reads">{"reads":[{"key":"nonsense","status":200,"body":"[]"}]}</script>'),
    ).toEqual([]);
  });
});
