import { randomBytes } from 'node:crypto';

/** A limit of the database's pre-request function (migration 0011: private.request_limits). */
export interface RequestLimit {
  name: string;
  max_hits: number;
  window_seconds: number;
}

/** What every limit is raised to: far more than any spec sends, inside the function's range. */
const E2E_MAX_HITS = 1_000_000;

async function call<T>(url: string, init: RequestInit, what: string): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Every client of the e2e backend is 127.0.0.1, so the database's per-address limits (30
 * registrations an hour, 3 counted clicks a day per provider, ...) would soon answer 429 to
 * the suites. Raises each one the operator's way: an admin account (created through GoTrue's
 * admin API, as `npm run admin:create` does against a running server), signed in by password,
 * calling admin_set_request_limit for each name admin_request_limits() lists (audited as
 * request_limit.set). The windows stay as they are. A spec about limits may lower one and
 * restore it. Returns the limits as they were.
 */
export async function raiseRequestLimits(backend: { url: string; anonKey: string; serviceRoleKey: string }): Promise<RequestLimit[]> {
  const admin = { email: `e2e-limits-${process.pid}@example.in`, password: randomBytes(18).toString('base64url') };
  const service = {
    apikey: backend.serviceRoleKey,
    Authorization: `Bearer ${backend.serviceRoleKey}`,
    'Content-Type': 'application/json',
  };
  await call(
    `${backend.url}/auth/v1/admin/users`,
    {
      method: 'POST',
      headers: service,
      body: JSON.stringify({ ...admin, email_confirm: true, app_metadata: { role: 'admin' } }),
    },
    'creating the e2e admin',
  );
  const { access_token: token } = await call<{ access_token: string }>(
    `${backend.url}/auth/v1/token?grant_type=password`,
    { method: 'POST', headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify(admin) },
    'signing in the e2e admin',
  );
  const headers = { apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const rpc = <T>(fn: string, args: Record<string, unknown> = {}) =>
    call<T>(`${backend.url}/rest/v1/rpc/${fn}`, { method: 'POST', headers, body: JSON.stringify(args) }, fn);

  const before = await rpc<RequestLimit[]>('admin_request_limits');
  if (!Array.isArray(before) || before.length === 0) throw new Error('admin_request_limits() listed no limits');
  for (const limit of before) {
    await rpc('admin_set_request_limit', {
      p_name: limit.name,
      p_max_hits: Math.max(limit.max_hits, E2E_MAX_HITS),
      p_window_seconds: limit.window_seconds,
    });
  }
  const after = await rpc<RequestLimit[]>('admin_request_limits');
  const low = after.filter((l) => l.max_hits < E2E_MAX_HITS);
  if (low.length) throw new Error(`limits not raised: ${JSON.stringify(low)}`);
  return before;
}
