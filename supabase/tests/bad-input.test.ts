/**
 * Bad input, property-based (fast-check, fixed seed, bounded runs): every write
 * path (register_provider, add_review, rate_provider, track_click, the old direct
 * table writes, PATCH/DELETE attempts) and every query parameter of the REST
 * server (select, filters, or=, order, limit/offset, Range, rpc search_providers
 * args, the path) fed SQL-looking text, huge strings, odd Unicode (RTL marks,
 * NUL, lone surrogates, emoji, combining marks), wrong types and missing fields.
 * Invalid writes get a 4xx with a PostgREST error body and store nothing (rows
 * counted before/after); the direct table writes store nothing whatever they
 * send; valid but odd text is stored as the database's cleaning defines it
 * (controls and bidi overrides removed, whitespace collapsed: cleanLine /
 * cleanText below), SQL-looking text as text; no request ever gets a 5xx.
 * Since 0011 registering, rating and reviewing need a signed-in phone (its JWT, as
 * GoTrue signs one after a code): the calls are made as one, and without one they
 * are refused (42501); the mobile and device token are no parameters of them any more.
 */
import fc from 'fast-check';
import { createProvider, deviceHash, deviceToken, isValidAadhaar, phoneJwt, randomMobile, raw, server, validAadhaar } from './helpers';

const SEED = 20261122;
const run = { seed: SEED, verbose: 1 } as const;

type Res = Awaited<ReturnType<typeof raw>>;

/** A clear error: 4xx with {code, message} (PostgREST's body), or Node's own 4xx for oversized heads. */
function expectClearError(res: Res, context: unknown): void {
  const where = `${res.status} ${res.text.slice(0, 300)} for ${JSON.stringify(context)?.slice(0, 300)}`;
  if (res.status < 400 || res.status >= 500) throw new Error(`expected a 4xx, got ${where}`);
  if (res.status === 431 || res.status === 414) return; // refused by Node's HTTP parser: no body
  const body = res.json as { code?: unknown; message?: unknown } | null;
  if (!body || typeof body.message !== 'string' || body.message === '') throw new Error(`no clear error message: ${where}`);
  if (res.status !== 404 || typeof body.code === 'string') {
    if (typeof body.code !== 'string' || body.code === '') throw new Error(`no error code: ${where}`);
  }
}

function expectNo5xx(res: Res, context: unknown): void {
  if (res.status >= 500) throw new Error(`5xx: ${res.status} ${res.text.slice(0, 300)} for ${JSON.stringify(context)?.slice(0, 300)}`);
  if (res.status >= 400) expectClearError(res, context);
}

// ------------------------------------------------------------ generators

const SQLISH = [
  "'; drop table reviews; --",
  "1' or '1'='1",
  '") or ("1"="1',
  "'); delete from service_providers where ('1'='1",
  '$1',
  '$$ select 1 $$',
  "%' and 1=1 --",
  '\\x27',
  "E'\\\\'",
  '*/ select pg_sleep(5); /*',
  'null',
  'NULL',
  'select * from auth.users',
  '(,)',
  'a.eq.b',
  'not.is.null',
  '{"a":1}',
  '{1,2}',
  '<script>alert(1)</script>',
  '${process.env}',
];

const ODD_CHARS = [
  '\u200F', // RLM
  '\u202E', // RLO
  '\u2066', // LRI
  '\u200B', // zero-width space
  '\uFEFF',
  '\u0301', // combining acute
  '\u094D', // virama
  'e\u0301',
  'क्ष',
  'ि',
  '😀',
  '👩🏽‍🔧',
  '🇮🇳',
  '\uFFFF',
  'ﷺ',
  'ℌ',
  '\t',
  '\n',
  ' ',
  '"',
  "'",
  '\\',
  ',',
  '(',
  ')',
  '.',
  '*',
  '%',
  ':',
  '!',
  '&',
  '=',
  '?',
  '#',
  '+',
  ';',
  'a',
  'Z',
  '9',
  'न',
];

/** Text that is valid UTF-8 (no NUL, no lone surrogates) but odd; at most maxLength code points. */
const oddText = (maxLength: number) =>
  fc
    .oneof(
      fc.constantFrom(...SQLISH),
      fc.string({ unit: fc.constantFrom(...ODD_CHARS), minLength: 1, maxLength }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength }),
    )
    .filter((s) => [...s].length <= maxLength);

/** Characters Postgres text cannot hold or JSON cannot carry: NUL and lone surrogates. */
const poisoned = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...ODD_CHARS), maxLength: 10 }),
    fc.constantFrom('\u0000', '\uD800', '\uDC00', '\uDBFF'),
    fc.string({ unit: fc.constantFrom(...ODD_CHARS), maxLength: 10 }),
  )
  .map(([a, b, c]) => `x${a}${b}${c}x`);

const huge = (min: number) =>
  fc.tuple(fc.constantFrom('x', 'क', '😀', "'", 'e\u0301'), fc.integer({ min, max: min * 20 })).map(([c, n]) => c.repeat(n)); // n graphemes: at least n code points

const blank = fc.constantFrom('', ' ', '   ', '\t\n ', '\n');

/** Text with nothing visible: spaces, controls, bidi marks, zero-width and other invisible characters. */
const invisible = fc.string({
  unit: fc.constantFrom(
    ' ',
    '\t',
    '\n',
    '\r',
    '\u0007',
    '\u0085',
    '\u00A0',
    '\u00AD',
    '\u034F',
    '\u061C',
    '\u115F',
    '\u180E',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u2028',
    '\u202A',
    '\u202E',
    '\u2060',
    '\u2066',
    '\u2069',
    '\u2800',
    '\u3000',
    '\u3164',
    '\uFEFF',
  ),
  minLength: 1,
  maxLength: 12,
});

/** Device tokens the server refuses: not 22 to 64 characters of A-Z, a-z, 0-9, _ and -. */
const badDevice = fc.oneof(
  fc.string({ maxLength: 21 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-'), minLength: 65, maxLength: 200 }),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-'), minLength: 21, maxLength: 40 }),
      fc.constantFrom('+', '/', '=', ' ', '.', 'é', '\u200B', "'", '\n', '😀'),
    )
    .map(([t, c]) => `${t}${c}`),
  huge(101),
  poisoned.map((s) => `device-${s}-0123456789abcdef`),
  fc.constantFrom(null, 12345, true, [deviceToken()], { token: deviceToken() }),
);

// The database's text cleaning (0006, private.clean_line / clean_text), restated: control
// characters, and each joiner and combining mark alone, are what it matches.
/* eslint-disable no-control-regex, no-misleading-character-class -- see above */
const CONTROLS_AND_BIDI =
  /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const EDGE_INVISIBLE =
  /^[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+|[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+$/g;
/* eslint-enable no-control-regex, no-misleading-character-class */
/** One line (a name, an address): controls and bidi overrides gone, any whitespace run one space, edges trimmed. */
function cleanLine(s: string): string {
  return s
    .replace(CONTROLS_AND_BIDI, '')
    .replace(/[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g, ' ')
    .replace(EDGE_INVISIBLE, '');
}
/** Several lines (a review): as cleanLine, but newlines stay (at most two in a row). */
function cleanText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS_AND_BIDI, '')
    .replace(/[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(EDGE_INVISIBLE, '');
}

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const notUuid = fc.oneof(oddText(40), fc.integer(), fc.constant(''), fc.constant('00000000-0000-0000-0000-00000000000g'), poisoned);

// ------------------------------------------------------------ helpers

let approvedId = '';
let serviceKey = '';
const TAG = `fz${Date.now().toString(36)}`;

beforeAll(async () => {
  approvedId = (await createProvider()).id;
  serviceKey = server().serviceRoleKey;
});

async function countOf(table: string, filter: string, column = 'provider_id'): Promise<number> {
  const res = await raw(`/rest/v1/${table}?select=${column}&limit=0&${filter}`, { key: serviceKey, headers: { Prefer: 'count=exact' } });
  if (res.status >= 300 && res.status !== 206) throw new Error(`count ${table}: ${res.status} ${res.text}`);
  return Number(res.headers.get('content-range')!.split('/')[1]);
}

async function snapshot(table: string, select: string): Promise<string> {
  const res = await raw(`/rest/v1/${table}?select=${select}&provider_id=eq.${approvedId}&order=${select.split(',')[0]}`, {
    key: serviceKey,
  });
  return res.text;
}

/** Percent-encodes any JS string as UTF-8 (lone surrogates become U+FFFD), leaving nothing raw. */
function enc(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Query text: odd text encoded, or raw broken escapes (`%E0%A4`, `%ZZ`, `%`). */
const queryText = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(oddText(30), poisoned, fc.constantFrom('', 'in', '()', '(1,2', '"', '""')).map(enc) },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4', '%ZZ', '%', '%FF%FE', '%C0%AF', '%ED%A0%80') },
  { weight: 1, arbitrary: huge(500).map((s) => enc(s.slice(0, 3000))) },
);

// ------------------------------------------------------------ writes

describe('register_provider', () => {
  const FIELDS = ['p_name', 'p_business_name', 'p_category', 'p_specialist_in', 'p_aadhaar', 'p_experience', 'p_address'] as const;
  const badValue: Record<(typeof FIELDS)[number], fc.Arbitrary<unknown>> = {
    p_name: fc.oneof(blank, invisible, huge(101), poisoned),
    p_business_name: fc.oneof(huge(151), poisoned),
    p_category: fc.oneof(
      oddText(30).filter((s) => !/^\s*others/i.test(s) && s.trim() !== ''),
      blank,
      huge(121),
      poisoned,
    ),
    p_specialist_in: fc.oneof(huge(201), poisoned),
    p_aadhaar: fc.oneof(
      oddText(14).filter((s) => s.trim() !== '' && !/^\s*[0-9]{12}\s*$/.test(s)),
      poisoned,
      // 12 digits but no Aadhaar number: first digit 0 or 1, or a wrong Verhoeff check digit
      fc.constantFrom('012345678901', '000000000000', '999941057059', '123456789012', '199941057058'),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 12 }).filter((s) => !isValidAadhaar(s)),
    ),
    p_experience: fc.oneof(
      fc.integer({ min: 81, max: 2_000_000_000 }),
      fc.integer({ min: -2_000_000_000, max: -1 }),
      fc.constantFrom(2.5, 1e40, '5 years', '', 'NaN', '०५', true),
      fc.array(fc.integer()),
      fc.dictionary(fc.string(), fc.integer()),
    ),
    p_address: fc.oneof(blank, invisible, huge(301), poisoned),
  };
  const REQUIRED = ['p_name', 'p_category', 'p_experience', 'p_address'] as const;

  const validBase = fc.record({
    p_name: oddText(40)
      .filter((s) => s.trim() !== '')
      .map((s) => `${TAG} ${s}`),
    p_business_name: oddText(60).map((s) => `${TAG} ${s}`),
    p_category: fc.constantFrom('🔧 प्लंबर', 'OTHERS: घड़ी साज़', 'others : Drone repair'),
    p_specialist_in: oddText(80),
    p_aadhaar: fc.constantFrom(null, '', '999941057058', validAadhaar()),
    p_experience: fc.integer({ min: 0, max: 80 }),
    p_address: oddText(100).map((s) => `${TAG} ${s}`),
  });

  const attack = fc.oneof(
    fc
      .tuple(fc.constantFrom(...FIELDS), fc.constant(false))
      .chain(([f]) => badValue[f].map((v) => ({ kind: 'bad' as const, field: f, value: v }))),
    fc.constantFrom(...REQUIRED).map((f) => ({ kind: 'missing' as const, field: f, value: undefined })),
    fc
      .tuple(fc.constantFrom('p_evil', 'name', "p_name'; --", 'p_status', 'status', 'p_mobile'), fc.oneof(wrongType, oddText(12)))
      .map(([f, v]) => ({ kind: 'extra' as const, field: f, value: v })),
    // someone else's number, the old way
    fc.constantFrom('9876543210', '+91 98765 43210').map((m) => ({ kind: 'extra' as const, field: 'p_mobile', value: m })),
    // a valid registration without a signed-in phone
    fc.constant({ kind: 'anon' as const, field: '', value: undefined }),
  );

  test('an invalid field, a missing one or an unknown one: 4xx with the error, nothing stored', async () => {
    const tagged = `or=(name.ilike.*${TAG}*,business_name.ilike.*${TAG}*,address.ilike.*${TAG}*)`;
    await fc.assert(
      fc.asyncProperty(validBase, attack, async (base, a) => {
        const args: Record<string, unknown> = { ...base };
        if (a.kind === 'missing') delete args[a.field];
        else if (a.kind !== 'anon') args[a.field] = a.value;
        const before = await countOf('service_providers', tagged, 'id');
        const res = await raw('/rest/v1/rpc/register_provider', {
          method: 'POST',
          body: args,
          ...(a.kind === 'anon' ? {} : { token: phoneJwt(randomMobile()) }),
        });
        expectClearError(res, { attack: a });
        if (a.kind === 'anon') expect([res.status, (res.json as { code: string }).code]).toEqual([401, '42501']);
        expect(await countOf('service_providers', tagged, 'id')).toBe(before);
      }),
      { ...run, numRuns: 200 },
    );
  }, 120_000);

  test('odd but valid text (SQL-looking, RTL, emoji, combining marks) is stored as text, cleaned, not run', async () => {
    await fc.assert(
      fc.asyncProperty(validBase, fc.integer({ min: 0, max: 999_999_999 }), async (base, m) => {
        const mobile = `9${String(m).padStart(9, '0')}`;
        const args = { ...base };
        const res = await raw('/rest/v1/rpc/register_provider', { method: 'POST', body: args, token: phoneJwt(mobile) });
        expect(res.status).toBe(200);
        const id = res.json as string;
        const row = await raw(`/rest/v1/service_providers?select=name,business_name,address,status,mobile&id=eq.${id}`, {
          key: serviceKey,
        });
        expect(row.json).toEqual([
          {
            name: cleanLine(args.p_name),
            business_name: cleanLine(args.p_business_name),
            address: cleanLine(args.p_address),
            status: 'pending',
            mobile,
          },
        ]);
      }),
      { ...run, numRuns: 40 },
    );
  }, 120_000);
});

describe('reviews, ratings, clicks', () => {
  // The public writes are one-row functions (0006); the tables take no direct write.
  const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
  let pendingId = '';
  /** A phone that has rated approvedId 3 before the properties run: bad calls must not change it. */
  const fuzzPhone = randomMobile();
  /** A device whose rating of approvedId (3) is history from before 0011. */
  const fuzzDevice = deviceToken();
  const both = () => `provider_id=in.(${approvedId},${pendingId})`;

  beforeAll(async () => {
    pendingId = (await createProvider({ approve: false })).id;
    const res = await raw('/rest/v1/rpc/rate_provider', {
      method: 'POST',
      body: { p_provider_id: approvedId, p_rating: 3 },
      token: phoneJwt(fuzzPhone),
    });
    if (res.status !== 204) throw new Error(`rate_provider: ${res.status} ${res.text}`);
    const old = await raw('/rest/v1/service_ratings', {
      method: 'POST',
      key: serviceKey,
      body: { provider_id: approvedId, device_hash: deviceHash(fuzzDevice), rating: 3 },
    });
    if (old.status !== 201) throw new Error(`device rating: ${old.status} ${old.text}`);
  });

  /**
   * An RPC call: POST with a JSON body (args or raw text), or GET with the args in the query;
   * as the given phone's session (a mobile), or anon (null).
   */
  async function callRpc(fn: string, body: unknown, viaGet = false, phone: string | null = null): Promise<Res> {
    const auth = phone === null ? {} : { token: phoneJwt(phone) };
    if (viaGet && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const q = Object.entries(body as Record<string, unknown>)
        .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v.slice(0, 2000) : (JSON.stringify(v) ?? ''))}`)
        .join('&');
      return raw(`/rest/v1/rpc/${fn}?${q}`, auth);
    }
    return raw(`/rest/v1/rpc/${fn}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...auth });
  }

  /** Mostly a new signed-in phone; sometimes anon, which these writes refuse (42501). */
  const caller = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(() => randomMobile() as string | null) },
    { weight: 1, arbitrary: fc.constant(null) },
  );

  /** Mostly POST; sometimes GET, which a volatile function refuses (405) before looking at its arguments. */
  const viaGetSometimes = fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

  /** The error codes a property saw, so it can show that its calls reached each check. */
  function codesSeen(): { add(res: Res): void; codes: Set<string> } {
    const codes = new Set<string>();
    return { codes, add: (res) => void codes.add(String((res.json as { code?: unknown } | null)?.code ?? res.status)) };
  }

  /** Bodies no one-row function takes: arrays of rows, broken or non-object JSON. */
  const junkBody = (good: () => Record<string, unknown>) =>
    fc.oneof(
      fc.integer({ min: 1, max: 3 }).map((n) => JSON.stringify(Array.from({ length: n }, good))),
      fc.constantFrom('{', 'null', '42', '"text"', '[1,2]', '[]', '{"p_provider_id": }', 'p_review_text=hi', '\u0000', '{"a":1}'),
    );

  /** The same call without one of its arguments, or with an argument it does not have. */
  const missingOrExtra = (good: () => Record<string, unknown>, keys: string[]) =>
    fc.oneof(
      fc.constantFrom(...keys).map((k) => {
        const a = good();
        delete a[k];
        return a;
      }),
      fc
        .tuple(
          fc.constantFrom(
            'p_evil',
            'provider_id',
            'device_id',
            'device_hash',
            'rating',
            'review_text',
            'id',
            'created_at',
            "p_rating'--",
            'p_status',
          ),
          fc.oneof(wrongType, oddText(10)),
        )
        .map(([k, v]) => ({ ...good(), [k]: v })),
    );

  // ---------------------------------------------------------------- reviews

  test('add_review with bad text, provider or device, missing or unknown arguments, arrays or bad JSON: 4xx, nothing stored', async () => {
    const good = (): Record<string, unknown> => ({ p_provider_id: approvedId, p_review_text: 'ठीक है' });
    const args = fc.oneof(
      fc
        .oneof(
          blank,
          invisible,
          fc.integer({ min: 1001, max: 2000 }).map((n) => 'x'.repeat(n)),
          huge(2001),
          poisoned,
          fc.constant(null),
        )
        .map((t) => ({ ...good(), p_review_text: t })),
      fc.oneof(notUuid, wrongType).map((p) => ({ ...good(), p_provider_id: p })),
      fc.constantFrom('unknown', 'pending').map((w) => ({ ...good(), p_provider_id: w === 'unknown' ? UNKNOWN_ID : pendingId })),
      // the old device argument is no argument any more
      badDevice.map((d) => ({ ...good(), p_device_token: d })),
      missingOrExtra(good, ['p_provider_id', 'p_review_text']),
    );
    const body = fc.oneof({ weight: 6, arbitrary: args }, { weight: 1, arbitrary: junkBody(good) });
    const seen = codesSeen();
    await fc.assert(
      fc.asyncProperty(body, viaGetSometimes, caller, async (b, viaGet, phone) => {
        const before = await countOf('reviews', both());
        const res = await callRpc('add_review', b, viaGet, phone);
        expectClearError(res, b);
        seen.add(res);
        expect(await countOf('reviews', both())).toBe(before);
      }),
      { ...run, numRuns: 150 },
    );
    expect([...seen.codes].sort()).toEqual(
      expect.arrayContaining(['22P02', '23502', '23514', '42501', 'PT404', 'PGRST102', 'PGRST202', '25006']),
    );
    // Oversize text is refused before any cleaning, blanks and all (22001).
    const before = await countOf('reviews', both());
    for (const text of ['x'.repeat(2001), `${' '.repeat(2001)}ok`]) {
      const over = await callRpc('add_review', { ...good(), p_review_text: text }, false, randomMobile());
      expect([over.status, over.json]).toEqual([400, expect.objectContaining({ code: '22001', details: 'review_text' })]);
    }
    expect(await countOf('reviews', both())).toBe(before);
    // A good review without a phone is refused too.
    const anon = await callRpc('add_review', good());
    expect([anon.status, (anon.json as { code: string }).code]).toEqual([401, '42501']);
  }, 120_000);

  test('the old path: a direct POST to reviews (good rows, bad rows, batches, bad JSON) stores nothing', async () => {
    const goodRow = fc.constant(null).map(() => ({ provider_id: approvedId, review_text: 'ठीक है' }));
    const badRow = fc.oneof(
      fc.oneof(blank, huge(1001), poisoned).map((t) => ({ provider_id: approvedId, review_text: t })),
      notUuid.map((p) => ({ provider_id: p, review_text: 'अच्छा' })),
      fc.constant(null).map(() => ({ provider_id: UNKNOWN_ID, review_text: 'no such provider' })),
      fc.constant(null).map(() => ({ provider_id: approvedId })),
      fc.constant(null).map(() => ({ review_text: 'no provider' })),
      fc
        .tuple(
          fc.constantFrom('id', 'created_at', 'evil', "review_text'--"),
          fc.constantFrom('2001-01-01', "'; drop table reviews; --", 'x'),
        )
        .map(([k, v]) => ({ provider_id: approvedId, review_text: 'ok text', [k]: v })),
      wrongType.map((v) => ({ provider_id: approvedId, review_text: 'ok', created_at: v })),
    );
    const body = fc.oneof(
      { weight: 3, arbitrary: goodRow.map((r) => JSON.stringify(r)) },
      { weight: 3, arbitrary: badRow.map((r) => JSON.stringify(r)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.array(goodRow, { minLength: 1, maxLength: 3 }), fc.option(badRow, { nil: undefined }))
          .map(([good, bad]) => JSON.stringify(bad ? [...good, bad] : good)),
      },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '42', '"text"', '[1,2]', '{"provider_id": }', 'review_text=hi', '\u0000') },
    );
    const prefer = fc.constantFrom('return=representation', 'return=minimal', 'resolution=merge-duplicates', '');
    await fc.assert(
      fc.asyncProperty(body, prefer, async (b, p) => {
        const before = await countOf('reviews', both());
        const res = await raw('/rest/v1/reviews', { method: 'POST', body: b, headers: { Prefer: p } });
        expectClearError(res, b.slice(0, 200));
        expect(await countOf('reviews', both())).toBe(before);
      }),
      { ...run, numRuns: 100 },
    );
  }, 120_000);

  test('odd but valid review text is stored as the cleaning defines it (edges not blank), SQL-looking text as text', async () => {
    await fc.assert(
      fc.asyncProperty(oddText(200), async (t) => {
        const text = `«${t}»`;
        const res = await callRpc('add_review', { p_provider_id: approvedId, p_review_text: text }, false, randomMobile());
        expect(res.status).toBe(200);
        const row = res.json as { id: string; provider_id: string; review_text: string };
        expect(row).toMatchObject({ provider_id: approvedId, review_text: cleanText(text) });
        const stored = await raw(`/rest/v1/reviews?select=review_text&id=eq.${row.id}`, { key: serviceKey });
        expect(stored.json).toEqual([{ review_text: cleanText(text) }]);
      }),
      { ...run, numRuns: 40 },
    );
  }, 60_000);

  // ---------------------------------------------------------------- ratings

  async function ratingsSnapshot(): Promise<string> {
    const res = await raw(
      `/rest/v1/service_ratings?select=provider_id,device_hash,phone_hash,rating&${both()}&order=provider_id,device_hash,phone_hash`,
      {
        key: serviceKey,
      },
    );
    if (res.status !== 200) throw new Error(`service_ratings: ${res.status} ${res.text}`);
    return res.text;
  }

  test('rate_provider with bad rating, device or provider, missing or unknown arguments, arrays or bad JSON: 4xx, no rating stored or changed', async () => {
    const badRating = fc.oneof(
      fc.integer({ min: 6, max: 2_000_000_000 }),
      fc.integer({ min: -2_000_000_000, max: 0 }),
      fc.constantFrom(null, 2.5, 1e40, '5x', '', 'five', '५', '4.0', ' ', false),
      fc.array(fc.integer()),
      fc.dictionary(fc.string(), fc.integer()),
    );
    // fuzzPhone has rated approvedId 3: none of these may change it; a fresh phone must not get a row.
    const good = (): Record<string, unknown> => ({ p_provider_id: approvedId, p_rating: 4 });
    const args = fc.oneof(
      badRating.map((r) => ({ ...good(), p_rating: r })),
      // the old device argument is no argument any more, whatever the token
      fc
        .oneof(
          badDevice,
          fc.constant(null).map(() => deviceToken()),
        )
        .map((d) => ({ ...good(), p_device_token: d })),
      fc.oneof(notUuid, wrongType).map((p) => ({ ...good(), p_provider_id: p })),
      fc.constantFrom('unknown', 'pending').map((w) => ({ ...good(), p_provider_id: w === 'unknown' ? UNKNOWN_ID : pendingId })),
      missingOrExtra(good, ['p_provider_id', 'p_rating']),
    );
    const body = fc.oneof({ weight: 6, arbitrary: args }, { weight: 1, arbitrary: junkBody(good) });
    // The calls come from the phone that rated (its rating must not change), a fresh phone or anon.
    const who = fc.oneof(fc.constant(fuzzPhone as string | null), caller);
    const seen = codesSeen();
    await fc.assert(
      fc.asyncProperty(body, viaGetSometimes, who, async (b, viaGet, phone) => {
        const before = await ratingsSnapshot();
        const res = await callRpc('rate_provider', b, viaGet, phone);
        expectClearError(res, b);
        seen.add(res);
        expect(await ratingsSnapshot()).toBe(before);
      }),
      { ...run, numRuns: 150 },
    );
    expect([...seen.codes].sort()).toEqual(
      expect.arrayContaining(['22P02', '23502', '23514', '42501', 'PT404', 'PGRST102', 'PGRST202', '25006']),
    );
    // And the phone's rating is still the one it gave; a good rating without a phone is refused.
    const mine = await callRpc('my_ratings', { p_provider_ids: [approvedId] }, false, fuzzPhone);
    expect(mine.json).toEqual([{ provider_id: approvedId, rating: 3 }]);
    const anon = await callRpc('rate_provider', good());
    expect([anon.status, (anon.json as { code: string }).code]).toEqual([401, '42501']);
  }, 120_000);

  test('the old path: a direct POST to service_ratings (any row, any Prefer, any on_conflict) stores and changes nothing', async () => {
    const row = fc.oneof(
      fc.integer({ min: 1, max: 5 }).map((r) => ({ provider_id: approvedId, device_hash: deviceHash(deviceToken()), rating: r })),
      fc.integer({ min: 1, max: 5 }).map((r) => ({ provider_id: approvedId, device_hash: deviceHash(fuzzDevice), rating: r })),
      fc.integer({ min: 1, max: 5 }).map((r) => ({ provider_id: approvedId, device_id: 'fuzz-device-0001', rating: r })),
      fc.constant(null).map(() => ({ provider_id: pendingId, device_hash: deviceHash(deviceToken()), rating: 5 })),
      fc.integer({ min: 1, max: 5 }).map((r) => [
        { provider_id: approvedId, device_hash: deviceHash(deviceToken()), rating: r },
        { provider_id: approvedId, device_hash: deviceHash(deviceToken()), rating: 6 },
      ]),
      fc.oneof(notUuid, oddText(20), huge(100)).map((x) => ({ provider_id: approvedId, device_hash: x, rating: 4 })),
      fc.constant({ device_hash: 'f'.repeat(64), rating: 4 }),
      fc.integer({ min: 1, max: 5 }).map((r) => ({ provider_id: approvedId, phone_hash: 'a'.repeat(64), rating: r })),
    );
    const prefer = fc.constantFrom('resolution=merge-duplicates', 'resolution=ignore-duplicates', 'return=representation', '');
    const onConflict = fc.oneof(fc.constantFrom('provider_id,device_hash', 'provider_id,device_id'), queryText);
    await fc.assert(
      fc.asyncProperty(row, prefer, onConflict, fc.boolean(), async (r, p, oc, asPhone) => {
        const before = await ratingsSnapshot();
        const res = await raw(`/rest/v1/service_ratings?on_conflict=${oc}`, {
          method: 'POST',
          body: r,
          headers: { Prefer: p },
          ...(asPhone ? { token: phoneJwt(randomMobile()) } : {}),
        });
        expectClearError(res, { r, p, oc });
        expect(await ratingsSnapshot()).toBe(before);
      }),
      { ...run, numRuns: 100 },
    );
  }, 120_000);

  test('get_device_ratings with any arguments (POST and GET): an answer or a clear 4xx; a bad token is a 4xx', async () => {
    const ids = fc.oneof(
      fc.constant(null).map(() => [approvedId, pendingId]),
      fc.array(fc.oneof(notUuid, fc.constant(UNKNOWN_ID)), { maxLength: 4 }),
      wrongType,
      fc.constantFrom('{}', `{${UNKNOWN_ID}}`, '', '{1,2}'),
      fc.constant(null).map(() => Array.from({ length: 600 }, () => UNKNOWN_ID)),
    );
    const args = fc.oneof(
      fc.tuple(badDevice, ids).map(([d, p]) => ({ bad: true, a: { p_device_token: d, p_provider_ids: p } as Record<string, unknown> })),
      badDevice.map((d) => ({ bad: true, a: { p_device_token: d } as Record<string, unknown> })),
      ids.map((p) => ({ bad: false, a: { p_device_token: fuzzDevice, p_provider_ids: p } as Record<string, unknown> })),
    );
    await fc.assert(
      fc.asyncProperty(args, fc.boolean(), async ({ bad, a }, viaGet) => {
        const res = await callRpc('get_device_ratings', a, viaGet);
        if (bad) expectClearError(res, a);
        else expectNo5xx(res, a);
        if (res.status < 300) {
          expect(Array.isArray(res.json)).toBe(true);
          // Only this device's rating of a listed provider, ever.
          for (const r of res.json as { provider_id: string; rating: number }[]) expect(r).toEqual({ provider_id: approvedId, rating: 3 });
        }
      }),
      { ...run, numRuns: 100 },
    );
  }, 60_000);

  // ---------------------------------------------------------------- clicks

  test('track_click with a bad type, provider or device, missing or unknown arguments, arrays or bad JSON: 4xx, nothing stored', async () => {
    const good = () => ({ p_provider_id: approvedId, p_click_type: 'call', p_device_token: deviceToken() });
    const args = fc.oneof(
      fc
        .oneof(oddText(20), wrongType, poisoned, huge(1000), fc.constantFrom('CALL', ' call', 'call ', 'sms', 'whatsApp', ''))
        .filter((t) => t !== 'call' && t !== 'whatsapp')
        .map((t) => ({ ...good(), p_click_type: t })),
      fc.oneof(notUuid, wrongType).map((p) => ({ ...good(), p_provider_id: p })),
      fc.constantFrom('unknown', 'pending').map((w) => ({ ...good(), p_provider_id: w === 'unknown' ? UNKNOWN_ID : pendingId })),
      badDevice.map((d) => ({ ...good(), p_device_token: d })),
      missingOrExtra(good, ['p_provider_id', 'p_click_type', 'p_device_token']),
    );
    const body = fc.oneof({ weight: 6, arbitrary: args }, { weight: 1, arbitrary: junkBody(good) });
    const seen = codesSeen();
    await fc.assert(
      fc.asyncProperty(body, viaGetSometimes, async (b, viaGet) => {
        const before = await countOf('click_tracking', both());
        const res = await callRpc('track_click', b, viaGet);
        expectClearError(res, b);
        seen.add(res);
        expect(await countOf('click_tracking', both())).toBe(before);
      }),
      { ...run, numRuns: 100 },
    );
    expect([...seen.codes].sort()).toEqual(expect.arrayContaining(['22023', '22P02', '23514', 'PT404', 'PGRST102', 'PGRST202', '25006']));
  }, 120_000);

  test('the old path: a direct POST to click_tracking (good rows, bad rows, batches) stores nothing', async () => {
    const row = fc.oneof(
      fc.constantFrom('call', 'whatsapp').map((t) => ({ provider_id: approvedId, click_type: t })),
      fc
        .oneof(oddText(20), wrongType, poisoned, huge(1000))
        .filter((t) => t !== 'call' && t !== 'whatsapp')
        .map((t) => ({ provider_id: approvedId, click_type: t })),
      notUuid.map((p) => ({ provider_id: p, click_type: 'call' })),
      fc.constant(null).map(() => ({ provider_id: approvedId })),
      fc.constant(null).map(() => ({ provider_id: approvedId, click_type: 'call', device_hash: deviceHash(deviceToken()) })),
      fc.constant(null).map(() => [
        { provider_id: approvedId, click_type: 'call' },
        { provider_id: approvedId, click_type: 'whatsapp' },
      ]),
      fc.constant(null).map(() => [
        { provider_id: approvedId, click_type: 'call' },
        { provider_id: approvedId, click_type: 'sms' },
      ]),
    );
    await fc.assert(
      fc.asyncProperty(row, async (r) => {
        const before = await countOf('click_tracking', both());
        const res = await raw('/rest/v1/click_tracking', { method: 'POST', body: r });
        expectClearError(res, r);
        expect(await countOf('click_tracking', both())).toBe(before);
      }),
      { ...run, numRuns: 100 },
    );
  }, 120_000);

  test('PATCH and DELETE attempts by visitors (any table, any filter, any body): refused, nothing changed', async () => {
    const patchDevice = deviceToken();
    const patchPhone = randomMobile();
    expect((await callRpc('rate_provider', { p_provider_id: approvedId, p_rating: 3 }, false, patchPhone)).status).toBe(204);
    expect((await callRpc('add_review', { p_provider_id: approvedId, p_review_text: 'patch target' }, false, patchPhone)).status).toBe(200);
    expect(
      (await callRpc('track_click', { p_provider_id: approvedId, p_click_type: 'whatsapp', p_device_token: patchDevice })).status,
    ).toBe(204);
    const table = fc.constantFrom(
      'reviews',
      'service_ratings',
      'click_tracking',
      'service_providers',
      'advertisements',
      'service_categories',
    );
    const filter = fc.oneof(
      fc.constant(''),
      fc.constant(`provider_id=eq.${approvedId}`),
      fc.constant(`device_hash=eq.${deviceHash(patchDevice)}`),
      fc
        .tuple(
          fc.constantFrom('id', 'provider_id', 'device_hash', 'device_id', 'rating', 'review_text', 'status', "x';--"),
          fc.constantFrom('eq', 'neq', 'gt', 'is', 'in', 'ilike'),
          queryText,
        )
        .map(([c, o, v]) => `${enc(c)}=${o}.${v}`),
    );
    const body = fc.oneof(
      fc.record({ rating: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(0), fc.constant('x')) }),
      fc.record({ device_hash: fc.constant(deviceHash('moved-device-000-0123456789')) }),
      fc.record({ device_id: fc.constant('moved-device-000') }),
      fc.record({ provider_id: fc.constant(UNKNOWN_ID) }),
      fc.record({ review_text: fc.oneof(oddText(20), blank) }),
      fc.record({ click_type: fc.constantFrom('call', 'whatsapp') }),
      fc.record({ status: fc.constant('approved'), verified: fc.constant(true) }),
      fc.record({ evil: fc.constant(1) }),
    );
    const state = async () => [
      await ratingsSnapshot(),
      await snapshot('reviews', 'id,review_text'),
      await snapshot('click_tracking', 'id,click_type,device_hash'),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PATCH', 'DELETE'), table, filter, body, fc.boolean(), async (method, t, f, b, asPhone) => {
        const before = await state();
        const res = await raw(`/rest/v1/${t}?${f}`, {
          method,
          ...(method === 'PATCH' ? { body: b } : {}),
          headers: { Prefer: 'return=representation' },
          // anon, or a visitor signed in with a phone that owns nothing here
          ...(asPhone ? { token: phoneJwt(randomMobile()) } : {}),
        });
        // A PATCH/DELETE that matches no row it may touch is a 2xx with an empty result.
        if (res.status < 300) expect(res.json).toEqual([]);
        else expectClearError(res, { method, t, f, b });
        expect(await state()).toEqual(before);
      }),
      { ...run, numRuns: 150 },
    );
  }, 120_000);
});

// ------------------------------------------------------------ reads

const COLUMNS: Record<string, string[]> = {
  service_providers: [
    'id',
    'name',
    'business_name',
    'mobile',
    'category',
    'specialist_in',
    'experience',
    'address',
    'verified',
    'status',
    'registration_date',
    'avg_rating',
    'rating_count',
  ],
  reviews: ['id', 'provider_id', 'review_text', 'created_at'],
  service_ratings: ['provider_id', 'device_hash', 'rating'],
  advertisements: ['id', 'title', 'active', 'start_date', 'end_date', 'media_type', 'media_url', 'created_at'],
  service_categories: ['stored_value', 'slug', 'en', 'hi', 'icon', 'keywords', 'sort_order'],
};
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'is',
  'in',
  'ilike',
  'like',
  'match',
  'imatch',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'fts',
  'xx',
  'not.eq',
  'not.in',
];

describe('query parameters', () => {
  const tableName = fc.constantFrom(...Object.keys(COLUMNS));
  const column = (t: string) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...COLUMNS[t]!) }, { weight: 1, arbitrary: oddText(15) });
  const value = fc.oneof(
    queryText,
    fc.constantFrom(
      'null',
      'true',
      'not_null',
      '(1,2)',
      '("a","b")',
      '(%22x%22,)',
      '{1}',
      '1e999',
      '-0',
      '2026-13-45',
      '00000000-0000-0000-0000-000000000000',
      '*%25*',
      '(',
      ')',
    ),
    fc.integer().map(String),
  );
  const part = (t: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.tuple(column(t), fc.constantFrom(...OPS), value).map(([c, o, v]) => `${enc(c)}=${o}.${v}`) },
      {
        weight: 1,
        arbitrary: fc
          .array(
            fc.oneof(
              column(t),
              fc.constant('*'),
              fc.constant('reviews(*)'),
              fc.constant('x:name::text'),
              fc.constant('service_providers!inner(id)'),
            ),
            { minLength: 1, maxLength: 4 },
          )
          .map((cs) => `select=${enc(cs.join(','))}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom('or', 'and', 'not.or'),
            fc.array(fc.tuple(column(t), fc.constantFrom(...OPS), fc.oneof(oddText(10), fc.constant('1'))), { maxLength: 3 }),
          )
          .map(([k, xs]) => `${k}=${enc(`(${xs.map(([c, o, v]) => `${c}.${o}.${v}`).join(',')})`)}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(column(t), fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways'))
          .map(([c, d]) => `order=${enc(c + d)}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('limit', 'offset'), fc.oneof(value, fc.constantFrom('-1', '1.5', '99999999999999999999', '1e3', '0')))
          .map(([k, v]) => `${k}=${v}`),
      },
      { weight: 1, arbitrary: fc.constant(`${enc("'; drop table reviews; --")}=eq.1`) },
    );
  const rangeHeader = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('0-9', '5-2', '0-', '-5', 'abc', '99999999999999999999-1', 'items=0-0', '0-99999999999999999999'),
  );

  test('any select / filter / or / order / limit / offset / Range: an answer or a clear 4xx, never a 5xx', async () => {
    const req = tableName.chain((t) => fc.tuple(fc.constant(t), fc.array(part(t), { maxLength: 4 }), rangeHeader, fc.boolean()));
    await fc.assert(
      fc.asyncProperty(req, async ([t, parts, range, count]) => {
        const headers: Record<string, string> = {};
        if (range !== undefined) headers.Range = range;
        if (count) headers.Prefer = 'count=exact';
        const path = `/rest/v1/${t}?${parts.join('&')}`;
        const res = await raw(path, { headers });
        expectNo5xx(res, path);
        if (res.status < 300) expect(Array.isArray(res.json)).toBe(true);
      }),
      { ...run, numRuns: 600 },
    );
  }, 180_000);

  test('rpc search_providers with any arguments (POST JSON and GET query): an answer or a clear 4xx', async () => {
    const ARGS = ['p_query', 'p_category', 'p_min_rating', 'p_verified', 'p_sort', 'p_limit', 'p_offset'];
    const argValue = fc.oneof(
      oddText(40),
      poisoned,
      huge(200),
      wrongType,
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.constantFrom('OTHERS', 'verified', 'name_asc', '1e999', 'NaN'),
    );
    const args = fc.dictionary(
      fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ARGS) }, { weight: 1, arbitrary: fc.constantFrom('p_evil', 'query', '') }),
      argValue,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(args, fc.boolean(), async (a, viaGet) => {
        let res: Res;
        let what: string;
        if (viaGet) {
          what = `/rest/v1/rpc/search_providers?${Object.entries(a)
            .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v.slice(0, 2000) : JSON.stringify(v))}`)
            .join('&')}`;
          res = await raw(what);
        } else {
          what = JSON.stringify(a).slice(0, 300);
          res = await raw('/rest/v1/rpc/search_providers', { method: 'POST', body: a });
        }
        expectNo5xx(res, what);
        if (res.status < 300) expect(Array.isArray(res.json)).toBe(true);
      }),
      { ...run, numRuns: 200 },
    );
  }, 180_000);

  test('odd table and function names in the path: a clear 4xx', async () => {
    const name = fc.oneof(
      queryText,
      fc.constantFrom(
        'rpc/',
        'rpc/%E0%A4',
        '%2e%2e/auth',
        'pg_catalog.pg_user',
        'private.provider_identity',
        'auth.users',
        'rpc/pg_sleep',
        'service_providers/1',
      ),
    );
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom('GET', 'POST'), async (n, method) => {
        const path = `/rest/v1/${n.startsWith('rpc/') ? n : `x${n}`}`;
        const res = await raw(path, { method, ...(method === 'POST' ? { body: {} } : {}) });
        expectClearError(res, path);
      }),
      { ...run, numRuns: 100 },
    );
  }, 60_000);
});
