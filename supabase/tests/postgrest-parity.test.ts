/**
 * The local server's REST layer does what the real PostgREST behind Supabase's gateway
 * does, where our own database code depends on it:
 * - the pre-request function (`pgrst.db_pre_request` of the authenticator role) runs for
 *   every request, in its transaction, after role, claims and request.* are set; an error
 *   it raises is the request's answer;
 * - reads (and calls of STABLE functions) run in a READ ONLY transaction;
 * - the client address the database sees (`cf-connecting-ip`, the last `x-forwarded-for`
 *   entry) cannot be forged by the client;
 * - each role's statement_timeout is the database's (pg_db_role_setting);
 * - an overloaded function call that fits two signatures is 300 PGRST203.
 * A server of its own (child process, PGlite folder) with test-only functions added to
 * its database while it was stopped (never through the API, never by a migration).
 */
import { createHmac } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { addStallProbe } from '../bench/stall-probe';
import { openPglite } from '../local/db/worker-db.ts';
import { call, freshDataDir, startChildServer, type ChildServer } from './child-server';

const PARITY_SQL = `
  create table public.parity_log (id bigserial primary key, note text);
  grant select, insert on public.parity_log to anon, authenticated, service_role;
  grant usage on sequence public.parity_log_id_seq to anon, authenticated, service_role;

  -- The test's pre-request: marks the transaction, and fails (or writes) on request.
  create function public.parity_pre_request() returns void language plpgsql as $$
  declare
    h json := current_setting('request.headers', true)::json;
  begin
    perform set_config('parity.pre_request', current_user || ' ' || current_setting('request.method', true)
      || ' ' || current_setting('request.path', true), true);
    if h->>'x-parity' = 'limit' then
      raise sqlstate 'PT429' using message = 'too many parity requests', hint = 'retry after 7 seconds';
    elsif h->>'x-parity' = 'too-long' then
      raise sqlstate '22001' using message = 'value too long', detail = 'review_text';
    elsif h->>'x-parity' = 'write' then
      insert into public.parity_log (note) values ('pre-request');
    end if;
  end $$;

  -- What a function sees of the request.
  create function public.parity_echo() returns json language sql stable as $$
    select json_build_object(
      'current_user', current_user,
      'claims', current_setting('request.jwt.claims', true)::json,
      'method', current_setting('request.method', true),
      'path', current_setting('request.path', true),
      'headers', current_setting('request.headers', true)::json,
      'pre_request', current_setting('parity.pre_request', true),
      'read_only', current_setting('transaction_read_only'))
  $$;

  create function public.parity_write(p_note text) returns bigint language sql volatile as $$
    insert into public.parity_log (note) values (p_note) returning id
  $$;

  -- Two signatures that both take {p_a}: PostgREST does not choose.
  create function public.parity_overloaded(p_a integer) returns text language sql stable as $$ select 'one' $$;
  create function public.parity_overloaded(p_a integer, p_b text default 'b') returns text language sql stable as $$ select 'two:' || p_b $$;

  grant execute on function public.parity_pre_request(), public.parity_echo(), public.parity_write(text),
    public.parity_overloaded(integer), public.parity_overloaded(integer, text) to anon, authenticated, service_role;

  -- What an operator does in SQL, then tells PostgREST: change the configuration, add a
  -- function (superuser's, called by the test with the service_role key).
  create function public.parity_reconfigure(p_pre_request text) returns void language plpgsql security definer as $$
  begin
    if p_pre_request is null then
      execute 'alter role authenticator reset pgrst.db_pre_request';
    else
      execute format('alter role authenticator set pgrst.db_pre_request = %L', p_pre_request);
    end if;
    notify pgrst, 'reload config';
  end $$;
  create function public.parity_add_function() returns void language plpgsql security definer as $$
  begin
    create function public.parity_late() returns text language sql stable as 'select ''late''';
    grant execute on function public.parity_late() to anon;
    notify pgrst, 'reload schema';
  end $$;
  revoke all on function public.parity_reconfigure(text), public.parity_add_function() from public, anon, authenticated;
  grant execute on function public.parity_reconfigure(text), public.parity_add_function() to service_role;

  alter role authenticator set pgrst.db_pre_request = 'public.parity_pre_request';
  alter role anon set statement_timeout = '1200ms';
`;

/** Runs SQL on the PGlite cluster of a stopped server. */
async function sqlOnFolder(dataDir: string, sql: string): Promise<void> {
  const db = await openPglite({ dataDir });
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

let server: ChildServer;
let copyDir: string;
const dirs: string[] = [];

beforeAll(async () => {
  const first = await startChildServer({ args: ['--no-seed'] });
  dirs.push(first.dataDir);
  await first.stop();
  await addStallProbe(first.dataDir);
  await sqlOnFolder(first.dataDir, PARITY_SQL);
  // A copy for the server behind a trusted proxy (a folder is one server's at a time).
  copyDir = freshDataDir();
  dirs.push(copyDir);
  cpSync(first.dataDir, copyDir, { recursive: true });
  rmSync(`${copyDir}/server.json`, { force: true });
  server = await startChildServer({ dataDir: first.dataDir });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Echo = {
  current_user: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
  pre_request: string | null;
  read_only: string;
};

const echo = async (s: ChildServer, init: { method?: string; headers?: Record<string, string>; key?: string } = {}): Promise<Echo> => {
  const method = init.method ?? 'POST';
  const r = await call(s, init.key ?? s.anonKey, '/rest/v1/rpc/parity_echo', {
    method,
    ...(method === 'POST' ? { body: {} } : {}),
    ...(init.headers ? { headers: init.headers } : {}),
  });
  expect(r.status).toBe(200);
  return r.json as Echo;
};

async function logCount(): Promise<number> {
  const r = await call(server, server.serviceRoleKey, '/rest/v1/parity_log?select=id&limit=0', { headers: { Prefer: 'count=exact' } });
  return Number(r.headers.get('content-range')!.split('/')[1]);
}

function signJwt(payload: Record<string, unknown>, secret: string): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64(payload);
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

describe('the pre-request function (pgrst.db_pre_request)', () => {
  test('runs in the request’s transaction, after role, claims, request.method/path/headers are set', async () => {
    const post = await echo(server, { headers: { 'X-Parity-Probe': 'Hello' } });
    expect(post).toMatchObject({
      current_user: 'anon',
      method: 'POST',
      path: '/rpc/parity_echo',
      // set by the pre-request, as the role it switched to, with method and path already set
      pre_request: 'anon POST /rpc/parity_echo',
      claims: { role: 'anon' },
    });
    // every header, lower-case names
    expect(post.headers).toMatchObject({ 'x-parity-probe': 'Hello', apikey: server.anonKey, 'content-type': 'application/json' });
    expect(Object.keys(post.headers).every((k) => k === k.toLowerCase())).toBe(true);
    const get = await echo(server, { method: 'GET' });
    expect(get).toMatchObject({ method: 'GET', path: '/rpc/parity_echo', pre_request: 'anon GET /rpc/parity_echo' });

    // PostgREST puts the role into the claims when the token has none.
    const noRole = signJwt({ sub: 'someone', exp: Math.floor(Date.now() / 1000) + 600 }, 'child-server-secret-0123456789-abcdefghijklmnop');
    const r = await call(server, server.anonKey, '/rest/v1/rpc/parity_echo', {
      method: 'POST',
      body: {},
      headers: { Authorization: `Bearer ${noRole}` },
    });
    expect(r.json).toMatchObject({ current_user: 'anon', claims: { sub: 'someone', role: 'anon' } });
    const service = await echo(server, { key: server.serviceRoleKey });
    expect(service).toMatchObject({ current_user: 'service_role', pre_request: 'service_role POST /rpc/parity_echo' });
  });

  test('an error it raises is the answer of every kind of request: PT429 -> 429 with the hint, 22001 -> 400', async () => {
    const limited = { 'X-Parity': 'limit' };
    const expected = { code: 'PT429', message: 'too many parity requests', hint: 'retry after 7 seconds', details: null };
    for (const [method, path, body] of [
      ['POST', '/rest/v1/rpc/parity_write', { p_note: 'limited' }],
      ['GET', '/rest/v1/rpc/parity_echo', undefined],
      ['GET', '/rest/v1/parity_log?select=id', undefined],
      ['POST', '/rest/v1/parity_log', { note: 'limited' }],
      ['GET', '/rest/v1/', undefined],
    ] as const) {
      const r = await call(server, server.anonKey, path, { method, headers: limited, ...(body ? { body } : {}) });
      expect([method, path, r.status, r.json]).toEqual([method, path, 429, expected]);
    }
    expect(await logCount()).toBe(0); // nothing written: the request stopped before its statement

    const tooLong = await call(server, server.anonKey, '/rest/v1/rpc/parity_write', {
      method: 'POST',
      body: { p_note: 'x' },
      headers: { 'X-Parity': 'too-long' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toEqual({ code: '22001', message: 'value too long', details: 'review_text', hint: null });
    expect(await logCount()).toBe(0);
    // without the header the same call goes through
    const ok = await call(server, server.anonKey, '/rest/v1/rpc/parity_write', { method: 'POST', body: { p_note: 'ok' } });
    expect(ok.status).toBe(200);
    expect(await logCount()).toBe(1);
  });

  test('reads, and calls of STABLE functions, are READ ONLY transactions (the pre-request cannot write there)', async () => {
    expect((await echo(server, { method: 'GET' })).read_only).toBe('on');
    expect((await echo(server)).read_only).toBe('on'); // POST of a STABLE function
    const before = await logCount();
    const write = { 'X-Parity': 'write' };
    for (const [method, path] of [
      ['GET', '/rest/v1/parity_log?select=id'],
      ['GET', '/rest/v1/rpc/parity_echo'],
      ['POST', '/rest/v1/rpc/parity_echo'],
    ] as const) {
      const r = await call(server, server.anonKey, path, { method, headers: write, ...(method === 'POST' ? { body: {} } : {}) });
      expect([method, path, r.status, (r.json as { code: string }).code]).toEqual([method, path, 405, '25006']);
    }
    // a volatile function's call may write, the pre-request too, in one transaction
    const r = await call(server, server.anonKey, '/rest/v1/rpc/parity_write', {
      method: 'POST',
      body: { p_note: 'volatile' },
      headers: write,
    });
    expect(r.status).toBe(200);
    expect(await logCount()).toBe(before + 2);
  });
});

describe('paths, read as PostgREST reads them', () => {
  test('an empty segment (x/, //x) or more segments is 404 PGRST125; a percent-escape is decoded, request.path keeps it', async () => {
    for (const path of [
      '/rest/v1/rpc/parity_write/',
      '/rest/v1//rpc/parity_write',
      '/rest/v1/rpc//parity_write',
      '/rest/v1/parity_log/',
      '/rest/v1/rpc/parity_write/x',
    ]) {
      const r = await call(server, server.anonKey, path, { method: 'POST', body: { p_note: 'path' } });
      expect([path, r.status, r.json]).toEqual([
        path,
        404,
        { code: 'PGRST125', details: null, hint: null, message: 'Invalid path specified in request URL' },
      ]);
    }
    // PostgREST routes on the decoded segments but sets request.path to the raw path: a
    // pre-request function that matches function names in it must decode it first.
    const r = await call(server, server.anonKey, '/rest/v1/rpc/parity%5Fecho', { method: 'POST', body: {} });
    expect(r.status).toBe(200);
    expect((r.json as Echo).path).toBe('/rpc/parity%5Fecho');
  });
});

describe('the client address the database sees (the gateway’s headers)', () => {
  test('a forged X-Forwarded-For or cf-connecting-ip changes nothing: cf-connecting-ip is the socket’s, X-Forwarded-For ends with it', async () => {
    const plain = await echo(server);
    expect(plain.headers['cf-connecting-ip']).toBe('127.0.0.1');
    expect(plain.headers['x-forwarded-for']).toBe('127.0.0.1');
    const forged = await echo(server, { headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.1', 'CF-Connecting-IP': '203.0.113.10' } });
    expect(forged.headers['cf-connecting-ip']).toBe('127.0.0.1');
    // appended, so the last entry (what private.client_address() falls back to) is still ours
    expect(forged.headers['x-forwarded-for']).toBe('203.0.113.9, 198.51.100.1, 127.0.0.1');
  });

  test('behind TRUST_PROXY=1 the client is the proxy’s last X-Forwarded-For entry; the config is the database’s, read at start', async () => {
    await sqlOnFolder(copyDir, `alter role authenticator reset pgrst.db_pre_request; alter role anon set statement_timeout = '5s';`);
    const proxied = await startChildServer({ dataDir: copyDir, args: ['--trust-proxy', '1'] });
    try {
      const e = await echo(proxied, { headers: { 'X-Forwarded-For': '203.0.113.50, 198.51.100.7', 'CF-Connecting-IP': '203.0.113.10' } });
      expect(e.headers['cf-connecting-ip']).toBe('198.51.100.7');
      expect(e.headers['x-forwarded-for']).toBe('203.0.113.50, 198.51.100.7, 127.0.0.1');
      // no pre-request configured in this database: none runs
      expect(e.pre_request).toBeNull();
      const r = await call(proxied, proxied.anonKey, '/rest/v1/rpc/parity_echo', {
        method: 'POST',
        body: {},
        headers: { 'X-Parity': 'limit' },
      });
      expect(r.status).toBe(200);
    } finally {
      await proxied.stop();
    }
  }, 120_000);
});

describe('statement timeouts and function overloading', () => {
  test('the anon role’s statement_timeout is the database’s (1.2 s here), not a constant', async () => {
    const t0 = performance.now();
    const r = await call(server, server.anonKey, '/rest/v1/rpc/stall_probe', { method: 'POST', body: { p_ms: 6000 } });
    const ms = performance.now() - t0;
    expect(r.status).toBe(504);
    expect(r.json).toMatchObject({ code: '57014' });
    expect(ms).toBeGreaterThanOrEqual(1150);
    expect(ms).toBeLessThan(2900); // the old constant was 3 s
    // the server answers again (the PGlite worker restarted)
    expect((await echo(server)).current_user).toBe('anon');
  }, 30_000);

  test('an overloaded function that fits the call twice: 300 PGRST203, as PostgREST; a call that fits one is made', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const r = await call(
        server,
        server.anonKey,
        method === 'POST' ? '/rest/v1/rpc/parity_overloaded' : '/rest/v1/rpc/parity_overloaded?p_a=1',
        {
          method,
          ...(method === 'POST' ? { body: { p_a: 1 } } : {}),
        },
      );
      expect(r.status).toBe(300);
      expect(r.json).toEqual({
        code: 'PGRST203',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        message: expect.stringMatching(
          /^Could not choose the best candidate function between: public\.parity_overloaded\(p_a => integer.*\), public\.parity_overloaded\(p_a => integer.*\)$/,
        ),
      });
    }
    const two = await call(server, server.anonKey, '/rest/v1/rpc/parity_overloaded', { method: 'POST', body: { p_a: 1, p_b: 'x' } });
    expect([two.status, two.json]).toEqual([200, 'two:x']);
  });
});

describe('reloading (notify pgrst)', () => {
  /** Polls until `check` holds (the reload runs after the notifying transaction commits). */
  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not reloaded: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const limitedStatus = async () =>
    (await call(server, server.anonKey, '/rest/v1/rpc/parity_echo', { method: 'POST', body: {}, headers: { 'X-Parity': 'limit' } })).status;

  test("'reload config' re-reads the pre-request function; 'reload schema' the functions", async () => {
    expect(await limitedStatus()).toBe(429);
    const off = await call(server, server.serviceRoleKey, '/rest/v1/rpc/parity_reconfigure', {
      method: 'POST',
      body: { p_pre_request: null },
    });
    expect(off.status).toBe(204);
    await until(async () => (await limitedStatus()) === 200, 'pre-request removed');
    // not run: unset ('' once the session has seen the setting, as in PostgreSQL)
    expect(['', null]).toContain((await echo(server)).pre_request);
    const on = await call(server, server.serviceRoleKey, '/rest/v1/rpc/parity_reconfigure', {
      method: 'POST',
      body: { p_pre_request: 'public.parity_pre_request' },
    });
    expect(on.status).toBe(204);
    await until(async () => (await limitedStatus()) === 429, 'pre-request set again');

    const before = await call(server, server.anonKey, '/rest/v1/rpc/parity_late', { method: 'POST', body: {} });
    expect([before.status, (before.json as { code: string }).code]).toEqual([404, 'PGRST202']);
    expect((await call(server, server.serviceRoleKey, '/rest/v1/rpc/parity_add_function', { method: 'POST', body: {} })).status).toBe(204);
    await until(
      async () => (await call(server, server.anonKey, '/rest/v1/rpc/parity_late', { method: 'POST', body: {} })).status === 200,
      'new function',
    );
    expect((await call(server, server.anonKey, '/rest/v1/rpc/parity_late', { method: 'POST', body: {} })).json).toBe('late');
  }, 60_000);
});
