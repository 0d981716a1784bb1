/**
 * Per-client limits of the local server: the anonymous writes (registrations,
 * reviews, ratings, clicks, reports; counted in rows), failed password sign-ins (per client
 * and per account), SMS codes sent and wrong SMS codes (per client). A fixed window per (kind, key): at most `max` units in
 * `windowSeconds`; past it the server answers 429 with Retry-After.
 * Pure (no I/O): the clock is injectable for tests. Memory is bounded: expired
 * windows are swept, and past `maxClients` entries the oldest are dropped.
 *
 * Production (a real Supabase project) does the same in front of the writes with
 * an edge function that checks a captcha and its own counters, and uses Supabase
 * Auth's own rate limits for sign-ins; see README.md.
 */
import { isIPv6 } from 'node:net';
import { restTarget, type RestTarget } from './rest/target.ts';

export const WRITE_KINDS = ['registrations', 'reviews', 'ratings', 'clicks', 'reports'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/**
 * Every limited kind: the writes. Sign-ins, SMS codes and code checks are limited by the
 * local GoTrue as GoTrue limits them, from supabase/config.toml [auth.rate_limit] (auth/limits.ts).
 */
export const LIMIT_KINDS = [...WRITE_KINDS] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export interface Limit {
  /** Units (rows written, failed sign-ins) allowed per window and key; 0 refuses everything of this kind. */
  max: number;
  windowSeconds: number;
}

/** A kind mapped to null is not limited. */
export type RateLimits = Record<LimitKind, Limit | null>;

/**
 * For a real district site: a person registers once, reviews a few providers, rates and
 * calls more; the admin mistypes a password a few times at most.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  registrations: { max: 5, windowSeconds: 600 },
  reviews: { max: 10, windowSeconds: 600 },
  ratings: { max: 60, windowSeconds: 600 },
  clicks: { max: 120, windowSeconds: 600 },
  // "Report a problem": a visitor reports a wrong number or an abusive review now and then.
  reports: { max: 10, windowSeconds: 600 },
};

export class RateLimitSpecError extends Error {}

function isKind(k: string): k is LimitKind {
  return (LIMIT_KINDS as readonly string[]).includes(k);
}

function checkLimit(kind: string, v: unknown): Limit | null {
  if (v === null || v === 'off') return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new RateLimitSpecError(`${kind}: expected {"max": N, "windowSeconds": S} or null`);
  const { max, windowSeconds } = v as Record<string, unknown>;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 1e9) {
    throw new RateLimitSpecError(`${kind}.max must be an integer between 0 and 1000000000`);
  }
  if (typeof windowSeconds !== 'number' || !Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new RateLimitSpecError(`${kind}.windowSeconds must be an integer between 1 and 86400`);
  }
  return { max, windowSeconds };
}

/** Validates a partial limits object (JSON of the admin endpoint or StartOptions). */
export function parseLimitsObject(input: unknown): Partial<RateLimits> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new RateLimitSpecError(`expected an object keyed by ${LIMIT_KINDS.join(', ')}`);
  }
  const out: Partial<RateLimits> = {};
  for (const [k, v] of Object.entries(input)) {
    if (!isKind(k)) throw new RateLimitSpecError(`unknown limit "${k}" (use ${LIMIT_KINDS.join(', ')})`);
    out[k] = checkLimit(k, v);
  }
  return out;
}

/**
 * Parses the CLI / env form: `off`, or a comma-separated list of
 * `kind=MAX/SECONDS` or `kind=off`, e.g. `registrations=5/600,reviews=off`.
 * Unlisted kinds keep `base`.
 */
export function parseLimitsSpec(spec: string, base: RateLimits = DEFAULT_RATE_LIMITS): RateLimits {
  const s = spec.trim();
  if (s === 'off') return Object.fromEntries(LIMIT_KINDS.map((k) => [k, null])) as RateLimits;
  const out: RateLimits = { ...base };
  if (s === '' || s === 'default') return out;
  for (const part of s.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+)\s*s?)\s*$/.exec(part);
    if (!m || !isKind(m[1]!)) {
      throw new RateLimitSpecError(
        `bad rate limit "${part.trim()}": use kind=MAX/SECONDS or kind=off with kind one of ${LIMIT_KINDS.join(', ')}`,
      );
    }
    out[m[1]] = m[2] ? null : checkLimit(m[1]!, { max: Number(m[3]), windowSeconds: Number(m[4]) });
  }
  return out;
}

/** The public writes by function (the way in) and by table (grants revoked, attempts still counted). */
const WRITE_FUNCTIONS: Record<string, WriteKind> = {
  register_provider: 'registrations',
  add_review: 'reviews',
  rate_provider: 'ratings',
  track_click: 'clicks',
  report_provider: 'reports',
  report_review: 'reports',
};
const WRITE_TABLES: Record<string, WriteKind> = {
  reviews: 'reviews',
  service_ratings: 'ratings',
  click_tracking: 'clicks',
  reports: 'reports',
};

/**
 * Which limited write a REST request is, if any. `target` is what the router resolves
 * (restTarget of the path after /rest/v1/; a string is parsed the same way, so a
 * malformed escape throws the router's 400). Any method on a write function counts
 * (GET of a volatile one is refused anyway); on a write table, any but GET/HEAD.
 */
export function writeKindOf(method: string, target: RestTarget | string): WriteKind | null {
  const t = typeof target === 'string' ? restTarget(target) : target;
  if (t.kind === 'rpc') return Object.hasOwn(WRITE_FUNCTIONS, t.name) ? WRITE_FUNCTIONS[t.name]! : null;
  if (t.kind === 'table' && method !== 'GET' && method !== 'HEAD') {
    return Object.hasOwn(WRITE_TABLES, t.name) ? WRITE_TABLES[t.name]! : null;
  }
  return null;
}

/**
 * Rows a write request asks for: each element of a JSON array POSTed to a table is one
 * row (a bulk insert or upsert); anything else, rpc calls included, is one (the router
 * refuses arrays there). A body that is not JSON costs 1 (the router refuses it too).
 */
export function writeCostOf(method: string, target: RestTarget, body: string | null): number {
  if (method !== 'POST' || target.kind !== 'table' || body === null) return 1;
  const start = body.trimStart();
  if (!start.startsWith('[')) return 1;
  try {
    const v = JSON.parse(start) as unknown;
    return Array.isArray(v) ? Math.max(1, v.length) : 1;
  } catch {
    return 1;
  }
}

/** Normalises an address to the key of one client: IPv4 as is, IPv6 by its /64 (one household or phone). */
export function clientKeyOf(address: string | undefined): string {
  if (!address) return 'unknown';
  let a = address.trim().toLowerCase();
  if (a.startsWith('[') && a.includes(']')) a = a.slice(1, a.indexOf(']'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1]!;
  if (isIPv6(a)) {
    const [head = '', tail = ''] = a.split('::');
    const h = head === '' ? [] : head.split(':');
    const t = tail === '' ? [] : tail.split(':');
    const groups = a.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return a;
}

/**
 * The client of a request: the socket's remote address, or, behind `trustedProxies`
 * reverse proxies, the address those proxies appended to X-Forwarded-For (counted from
 * the right: entries further left are whatever the client sent, so they are not trusted).
 */
export function clientOf(remoteAddress: string | undefined, forwardedFor: string | null | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const pick = hops[Math.max(0, hops.length - trustedProxies)];
    if (pick) return clientKeyOf(pick);
  }
  return clientKeyOf(remoteAddress);
}

export type Decision =
  /** refund(): gives the units back (a sign-in whose password was right), if their windows are still open. */
  { allowed: true; remaining: number; refund(): void } | { allowed: false; retryAfterSeconds: number; limit: Limit };

const NOTHING = (): void => {};

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private limits: RateLimits;
  private readonly initial: RateLimits;
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    limits: RateLimits = DEFAULT_RATE_LIMITS,
    private readonly opts: { now?: () => number; maxClients?: number } = {},
  ) {
    this.limits = { ...limits };
    this.initial = { ...limits };
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  get current(): RateLimits {
    return { ...this.limits };
  }

  get defaults(): RateLimits {
    return { ...this.initial };
  }

  /** Number of windows held in memory. */
  get size(): number {
    return this.windows.size;
  }

  /** Changes some limits (at run time) and forgets every client's counts. */
  update(changes: Partial<RateLimits>): RateLimits {
    this.limits = { ...this.limits, ...changes };
    this.windows.clear();
    return this.current;
  }

  /** Back to the limits the server started with; counts forgotten. */
  restore(): RateLimits {
    this.limits = { ...this.initial };
    this.windows.clear();
    return this.current;
  }

  /**
   * Counts `cost` units (rows; 1 by default) of `kind` by `client` and says whether the
   * request may go on. A request that does not fit in what is left is refused whole and
   * takes nothing (a 6-row insert under a limit of 5 never writes 5 of them).
   */
  take(kind: LimitKind, client: string, cost = 1): Decision {
    return this.takeAll(kind, [client], cost);
  }

  /**
   * Like take(), for several keys at once (a sign-in is counted per client and per
   * account): allowed only if it fits under every key, and then counted under each.
   * Refused: the longest wait of the keys that are full.
   */
  takeAll(kind: LimitKind, keyList: readonly string[], cost = 1): Decision {
    const keys = [...new Set(keyList)];
    const limit = this.limits[kind];
    if (!limit) return { allowed: true, remaining: Infinity, refund: NOTHING };
    const n = Number.isFinite(cost) && cost > 1 ? Math.ceil(cost) : 1;
    const now = this.now();
    this.sweep(now);
    const windows = keys.map((k) => this.window(kind, k, limit, now));
    const full = windows.filter((w) => w.count + n > limit.max);
    if (full.length > 0) {
      const resetAt = Math.max(...full.map((w) => w.resetAt));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)), limit };
    }
    for (const w of windows) w.count += n;
    const refund = (): void => {
      // Only into the same windows: one that ended (or was forgotten) in between owes nothing.
      keys.forEach((k, i) => {
        const w = windows[i]!;
        if (this.windows.get(`${kind} ${k}`) === w) w.count = Math.max(0, w.count - n);
      });
    };
    return { allowed: true, remaining: Math.min(...windows.map((w) => limit.max - w.count)), refund };
  }

  /** Forgets one key's count (an account's failed sign-ins, after a successful one). */
  forget(kind: LimitKind, client: string): void {
    this.windows.delete(`${kind} ${client}`);
  }

  /** The open window of (kind, key), started now if there is none. */
  private window(kind: LimitKind, client: string, limit: Limit, now: number): Window {
    const key = `${kind} ${client}`;
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (w) this.windows.delete(key);
      w = { count: 0, resetAt: now + limit.windowSeconds * 1000 };
      this.windows.set(key, w); // Map order = creation order: oldest first
      const cap = this.opts.maxClients ?? 100_000;
      while (this.windows.size > cap) this.windows.delete(this.windows.keys().next().value!);
    }
    return w;
  }

  /** Drops expired windows, at most once a second. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
