/**
 * @jest-environment node
 */
// Node's own Response (jsdom has none); the page global the early reads live on needs a
// `document`: a stand-in that holds the first HTML's JSON block.
import {
  buildPublicRequest,
  firstReadKey,
  FIRST_READS_ELEMENT_ID,
  FIRST_READS_MAX_AGE_MS,
  takeFirstRead,
  takeFirstReadsFromDocument,
  type FirstReads,
} from '../public-rest-request';

const config = { supabaseUrl: 'https://db.example.in', supabaseAnonKey: 'anon' };
const search = buildPublicRequest({ rpc: 'search_providers', args: { p_query: 'nal' } }, config);
const profile = buildPublicRequest({ table: 'service_providers', query: { select: '*', id: 'eq.1' } }, config);

function pageWith(json: string | null): Document {
  const element = json === null ? null : { textContent: json };
  return { getElementById: (id: string) => (id === FIRST_READS_ELEMENT_ID ? element : null) } as unknown as Document;
}
const g = globalThis as unknown as Record<string, unknown>;
beforeEach(() => {
  g.document = pageWith(null);
  delete g.__cityFirstReads;
});
afterAll(() => {
  delete g.document;
  delete g.__cityFirstReads;
});

const firstReads = (reads: FirstReads['reads'], at = Date.now()) => JSON.stringify({ at, reads } satisfies FirstReads);

describe('the first reads that came with the HTML', () => {
  it("answer the remote's same request once, with the body and status the server got", async () => {
    takeFirstReadsFromDocument(pageWith(firstReads([{ key: firstReadKey(search), status: 200, body: '[{"id":"p1","total_count":1}]' }])));
    const answer = await takeFirstRead(search)!;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ id: 'p1', total_count: 1 }]);
    expect(takeFirstRead(search)).toBeNull(); // once: a reload of the list asks the network
  });

  it('are not taken by another request (other arguments, another row)', () => {
    takeFirstReadsFromDocument(pageWith(firstReads([{ key: firstReadKey(search), status: 200, body: '[]' }])));
    expect(takeFirstRead(buildPublicRequest({ rpc: 'search_providers', args: { p_query: 'nali' } }, config))).toBeNull();
    expect(takeFirstRead(profile)).toBeNull();
    expect(takeFirstRead(search)).not.toBeNull();
  });

  it('are ignored when the HTML is old (kept by the service worker), malformed or missing', () => {
    const read = [{ key: firstReadKey(search), status: 200, body: '[]' }];
    takeFirstReadsFromDocument(pageWith(firstReads(read, Date.now() - FIRST_READS_MAX_AGE_MS - 1000)));
    expect(takeFirstRead(search)).toBeNull();
    for (const bad of ['', '{', '{"at":1}', 'null', JSON.stringify({ at: Date.now(), reads: [{ key: 1, status: 200, body: '[]' }] })]) {
      expect(() => takeFirstReadsFromDocument(pageWith(bad))).not.toThrow();
      expect(takeFirstRead(search)).toBeNull();
    }
    expect(() => takeFirstReadsFromDocument(pageWith(null))).not.toThrow();
  });
});
