/**
 * The database's request limits (migration 0011: private.request_limits, counted by
 * public.check_request, the pre-request function) as an operator changes them: signed in
 * as an admin, through admin_request_limits / admin_set_request_limit.
 */

export interface Limit {
  name: string;
  max_hits: number;
  window_seconds: number;
}

interface Server {
  url: string;
  anonKey: string;
}

async function post(s: Server, path: string, body: unknown, token: string): Promise<unknown> {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { apikey: s.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** An admin's access token (the user must exist with app_metadata.role = admin). */
export async function adminToken(s: Server, admin: { email: string; password: string }): Promise<string> {
  const session = (await post(s, '/auth/v1/token?grant_type=password', admin, s.anonKey)) as { access_token: string };
  return session.access_token;
}

export async function requestLimits(s: Server, token: string): Promise<Limit[]> {
  return (await post(s, '/rest/v1/rpc/admin_request_limits', {}, token)) as Limit[];
}

export async function setRequestLimit(s: Server, token: string, name: string, maxHits: number, windowSeconds: number): Promise<void> {
  await post(s, '/rest/v1/rpc/admin_set_request_limit', { p_name: name, p_max_hits: maxHits, p_window_seconds: windowSeconds }, token);
}

/**
 * A test server's clients all come from 127.0.0.1 (one "address" for the whole suite):
 * the limits the pre-request counts are raised far out of reach. The per-provider click
 * count (addr:click_provider, counted inside track_click, no error) is behaviour the
 * tests check, and stays.
 */
export async function raiseRequestLimits(s: Server, token: string): Promise<void> {
  for (const l of await requestLimits(s, token)) {
    if (l.name === 'addr:click_provider') continue;
    // Far out of reach, yet below admin_set_request_limit's ceiling (100,000,000): a test
    // may still change a limit by one (operator-console.test.ts).
    await setRequestLimit(s, token, l.name, 10_000_000, l.window_seconds);
  }
}
