/**
 * Concurrent visitor writes against a running server (used by bench/write-load.ts
 * and tests/write-load.test.ts): n ratings (rpc/rate_provider) from distinct signed-in
 * phones and n reviews (rpc/add_review, a phone each) all at once, then the same n phones
 * rate again at once (the same rows change). Checks that no write was lost (rows
 * counted after, and the trigger-kept rating_count / avg_rating of the provider) and
 * that nothing answered 5xx.
 */
import { createHmac, randomUUID } from 'node:crypto';

export interface LoadTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The server's JWT secret, to sign phone sessions as GoTrue does after a code. */
  jwtSecret?: string;
}

/** The secret tests/child-server.ts starts its servers with (bench/write-load.ts uses one). */
const CHILD_SERVER_JWT_SECRET = 'child-server-secret-0123456789-abcdefghijklmnop';

/** An access token for a signed-in phone (claim 91 + the mobile), HS256 like GoTrue's. */
export function phoneToken(secret: string, mobile: string): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({
    aud: 'authenticated',
    role: 'authenticated',
    sub: randomUUID(),
    phone: `91${mobile}`,
    iat: now,
    exp: now + 3600,
    app_metadata: { provider: 'phone', providers: ['phone'] },
    user_metadata: {},
  });
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

export interface PhaseResult {
  name: string;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

export interface LoadResult {
  providerId: string;
  phases: PhaseResult[];
  fiveXx: number;
  /** Non-2xx answers (any). */
  failed: number;
  counted: { ratings: number; reviews: number; ratingCount: number; avgRating: number };
  expected: { ratings: number; reviews: number; ratingCount: number; avgRating: number };
  lost: boolean;
}

function headers(key: string, extra: Record<string, string> = {}, bearer = key): Record<string, string> {
  return { apikey: key, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...extra };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(name: string, requests: (() => Promise<Response>)[]): Promise<PhaseResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const t0 = performance.now();
  await Promise.all(
    requests.map(async (send) => {
      const s = performance.now();
      let status: string;
      try {
        const res = await send();
        await res.arrayBuffer();
        status = String(res.status);
      } catch {
        status = 'network-error';
      }
      latencies.push(performance.now() - s);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: requests.length,
    seconds,
    reqPerSec: requests.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    statuses,
  };
}

async function count(t: LoadTarget, table: string, providerId: string): Promise<number> {
  const res = await fetch(`${t.url}/rest/v1/${table}?select=provider_id&limit=0&provider_id=eq.${providerId}`, {
    headers: headers(t.serviceRoleKey, { Prefer: 'count=exact' }),
  });
  if (res.status >= 300 && res.status !== 206) throw new Error(`count ${table}: ${res.status} ${await res.text()}`);
  return Number(res.headers.get('content-range')!.split('/')[1]);
}

export async function runWriteLoad(t: LoadTarget, n: number): Promise<LoadResult> {
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const created = await fetch(`${t.url}/rest/v1/service_providers`, {
    method: 'POST',
    headers: headers(t.serviceRoleKey, { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' }),
    body: JSON.stringify({
      name: 'Load Test Provider',
      mobile,
      category: '🔧 प्लंबर',
      address: 'Sitapur',
      experience: 5,
      status: 'approved',
    }),
  });
  if (created.status !== 201) throw new Error(`provider: ${created.status} ${await created.text()}`);
  const providerId = ((await created.json()) as { id: string }).id;
  // A session per visitor's phone, as the app holds one after the code step (distinct
  // mobiles, none the provider's own).
  const secret = t.jwtSecret ?? CHILD_SERVER_JWT_SECRET;
  const base = 6_000_000_000 + Math.floor(Math.random() * 1_999_000_000); // 6.. or 7..: never the provider's 9..
  const sessions = Array.from({ length: n }, (_, i) => phoneToken(secret, String(base + i)));
  const rate = (i: number, rating: number) => () =>
    fetch(`${t.url}/rest/v1/rpc/rate_provider`, {
      method: 'POST',
      headers: headers(t.anonKey, {}, sessions[i]),
      body: JSON.stringify({ p_provider_id: providerId, p_rating: rating }),
    });
  const review = (i: number) => () =>
    fetch(`${t.url}/rest/v1/rpc/add_review`, {
      method: 'POST',
      headers: headers(t.anonKey, {}, sessions[i]),
      body: JSON.stringify({
        p_provider_id: providerId,
        p_review_text: `लोड टेस्ट समीक्षा ${i}: time par aaye, kaam accha kiya`,
      }),
    });
  const idx = Array.from({ length: n }, (_, i) => i);
  // Phase 1: n new ratings (rating 1..5 cycling) and n reviews, interleaved, all at once.
  const mixed = await timed(
    `${n} rate_provider + ${n} add_review`,
    idx.flatMap((i) => [rate(i, (i % 5) + 1), review(i)]),
  );
  // Phase 2: the same n phones change their rating to 5 - (i % 5), all at once (an update of their row).
  const changed = await timed(
    `${n} rate_provider on existing ratings`,
    idx.map((i) => rate(i, 5 - (i % 5))),
  );
  const phases = [mixed, changed];

  const ratings = await count(t, 'service_ratings', providerId);
  const reviews = await count(t, 'reviews', providerId);
  const p = await fetch(`${t.url}/rest/v1/service_providers?select=rating_count,avg_rating&id=eq.${providerId}`, {
    headers: headers(t.serviceRoleKey),
  });
  const [row] = (await p.json()) as { rating_count: number; avg_rating: number }[];
  const sum = idx.reduce((s, i) => s + (5 - (i % 5)), 0);
  const expected = { ratings: n, reviews: n, ratingCount: n, avgRating: Math.round((sum / n) * 10) / 10 };
  const counted = { ratings, reviews, ratingCount: row!.rating_count, avgRating: Math.round(Number(row!.avg_rating) * 10) / 10 };
  let fiveXx = 0;
  let failed = 0;
  for (const ph of phases) {
    for (const [s, c] of Object.entries(ph.statuses)) {
      if (s.startsWith('5')) fiveXx += c;
      if (!s.startsWith('2')) failed += c;
    }
  }
  const lost =
    counted.ratings !== expected.ratings ||
    counted.reviews !== expected.reviews ||
    counted.ratingCount !== expected.ratingCount ||
    counted.avgRating !== expected.avgRating;
  return { providerId, phases, fiveXx, failed, counted, expected, lost };
}

export function formatPhase(p: PhaseResult): string {
  const st = Object.entries(p.statuses)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
  return `${p.name}: ${p.requests} requests in ${p.seconds.toFixed(2)} s = ${p.reqPerSec.toFixed(0)} req/s; p50 ${p.p50.toFixed(0)} ms, p99 ${p.p99.toFixed(0)} ms, max ${p.max.toFixed(0)} ms; ${st}`;
}
