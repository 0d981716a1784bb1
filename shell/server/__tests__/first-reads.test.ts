/**
 * @jest-environment node
 */
import { buildPublicRequest, firstReadKey, FIRST_READS_ELEMENT_ID, type FirstReads } from '@city/shared/contracts';
import { firstReadTargets, readFirstReads, withFirstReads } from '../first-reads';

const data = { supabaseUrl: 'http://db.example.in', supabaseAnonKey: 'anon-key' };
const ID = '0b9a4a52-6f0e-4f5e-9d47-3c3a1d8e2f10';
const searchArgs = (p_query: string | null, p_category: string | null) => ({
  rpc: 'search_providers',
  args: { p_query, p_category, p_min_rating: 0, p_verified: 'all', p_sort: 'rating_desc', p_limit: 20, p_offset: 0 },
});

describe('firstReadTargets: the reads the remotes make first', () => {
  it("a profile's row, rating summary and first reviews", () => {
    const targets = firstReadTargets(`/provider/${ID}`, '');
    expect(targets.map((t) => ('rpc' in t ? t.rpc : t.table))).toEqual(['service_providers', 'get_average_ratings', 'reviews']);
  });

  it("a search's and a category list's first page, with the directory's arguments in its order", () => {
    expect(firstReadTargets('/', '?q=++nal%0A++ghar+')).toEqual([searchArgs('nal ghar', null)]);
    expect(firstReadTargets('/', '?category=plumber')).toEqual([searchArgs(null, '🔧 प्लंबर')]);
    // The category wins over the text, as in the directory.
    expect(firstReadTargets('/', '?category=plumber&q=nal')).toEqual([searchArgs(null, '🔧 प्लंबर')]);
  });

  it('nothing where the request would differ or there is none', () => {
    for (const search of [
      '',
      '?q=+++',
      '?category=no-such',
      '?category=others',
      '?q=nal&rating=4',
      '?category=plumber&verified=verified',
      '?q=nal&sort=newly_added',
      '?q=nal&available=1',
    ])
      expect(firstReadTargets('/', search)).toEqual([]);
    expect(firstReadTargets('/contact', '?q=nal')).toEqual([]);
    expect(firstReadTargets('/provider/not-an-id', '')).toEqual([]);
  });
});

describe('readFirstReads', () => {
  it("keeps each 200 answer under the key of the browser's same request; drops failures", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      if (url.includes('get_average_ratings')) return new Response('{"message":"boom"}', { status: 500 });
      if (url.includes('reviews')) throw new TypeError('fetch failed');
      return new Response('[{"id":"row"}]', { status: 200 });
    });
    const reads = await readFirstReads(firstReadTargets(`/provider/${ID}`, ''), { ...data, fetch: fetchImpl as unknown as typeof fetch });
    expect(reads!.reads).toEqual([
      { key: firstReadKey(buildPublicRequest(firstReadTargets(`/provider/${ID}`, '')[0]!, data)), status: 200, body: '[{"id":"row"}]' },
    ]);
    expect(Math.abs(reads!.at - Date.now())).toBeLessThan(5000);
    // As the anon role: the public key as apikey and bearer, nothing else.
    expect(new Headers(calls[0]![1]!.headers).get('authorization')).toBe('Bearer anon-key');
  });

  it('is null when nothing answered (the page is served without it), and asks nothing for no targets', async () => {
    const down = jest.fn(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await readFirstReads(firstReadTargets('/', '?q=nal'), { ...data, fetch: down as unknown as typeof fetch })).toBeNull();
    const none = jest.fn();
    expect(await readFirstReads([], { ...data, fetch: none as unknown as typeof fetch })).toBeNull();
    expect(none).not.toHaveBeenCalled();
  });

  it('gives up after its time limit', async () => {
    const slow = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_r, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    );
    const started = Date.now();
    expect(
      await readFirstReads(firstReadTargets('/', '?q=nal'), { ...data, timeoutMs: 50, fetch: slow as unknown as typeof fetch }),
    ).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('withFirstReads', () => {
  const reads: FirstReads = {
    at: 1,
    reads: [{ key: 'POST x {}', status: 200, body: '[{"name":"</script><script>alert(1)</script><!--"}]' }],
  };

  it('writes them as a JSON block before </body> that no data can close, and that parses back the same', () => {
    const html = withFirstReads('<html><body><div id="root"></div></body></html>', reads);
    const block = new RegExp(`<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">([^<]*)</script></body></html>$`).exec(html);
    expect(block).not.toBeNull();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(JSON.parse(block![1]!)).toEqual(reads);
  });

  it('leaves the HTML as it was without reads', () => {
    expect(withFirstReads('<body></body>', null)).toBe('<body></body>');
  });
});
