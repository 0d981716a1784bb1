/**
 * Per-client limits for the anonymous writes of the local server (registrations,
 * reviews, ratings, clicks). A fixed window per (kind, client): at most `max`
 * requests in `windowSeconds`; past it the server answers 429 with Retry-After.
 * Pure (no I/O): the clock is injectable for tests. Memory is bounded: expired
 * windows are swept, and past `maxClients` entries the oldest are dropped.
 *
 * Production (a real Supabase project) does the same in front of the writes with
 * an edge function that checks a captcha and its own counters; see README.md.
 */
import { isIPv6 } from 'node:net';

export const WRITE_KINDS = ['registrations', 'reviews', 'ratings', 'clicks'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface Limit {
  /** Requests allowed per window and client; 0 refuses every request of this kind. */
  max: number;
  windowSeconds: number;
}

/** A kind mapped to null is not limited. */
export type RateLimits = Record<WriteKind, Limit | null>;

/** For a real district site: a person registers once, reviews a few providers, rates and calls more. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  registrations: { max: 5, windowSeconds: 600 },
  reviews: { max: 10, windowSeconds: 600 },
  ratings: { max: 60, windowSeconds: 600 },
  clicks: { max: 120, windowSeconds: 600 },
};

export class RateLimitSpecError extends Error {}

function isKind(k: string): k is WriteKind {
  return (WRITE_KINDS as readonly string[]).includes(k);
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
    throw new RateLimitSpecError('expected an object keyed by registrations, reviews, ratings, clicks');
  }
  const out: Partial<RateLimits> = {};
  for (const [k, v] of Object.entries(input)) {
    if (!isKind(k)) throw new RateLimitSpecError(`unknown limit "${k}" (use ${WRITE_KINDS.join(', ')})`);
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
  if (s === 'off') return { registrations: null, reviews: null, ratings: null, clicks: null };
  const out: RateLimits = { ...base };
  if (s === '' || s === 'default') return out;
  for (const part of s.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+)\s*s?)\s*$/.exec(part);
    if (!m || !isKind(m[1]!)) {
      throw new RateLimitSpecError(`bad rate limit "${part.trim()}": use kind=MAX/SECONDS or kind=off with kind one of ${WRITE_KINDS.join(', ')}`);
    }
    out[m[1]] = m[2] ? null : checkLimit(m[1]!, { max: Number(m[3]), windowSeconds: Number(m[4]) });
  }
  return out;
}

/** Which limited write a REST request is, if any (path is after /rest/v1/). */
export function writeKindOf(method: string, path: string): WriteKind | null {
  const p = path.replace(/^\/+|\/+$/g, '');
  if (method === 'POST' && p === 'rpc/register_provider') return 'registrations';
  if (method === 'POST' && p === 'reviews') return 'reviews';
  if ((method === 'POST' || method === 'PATCH') && p === 'service_ratings') return 'ratings';
  if (method === 'POST' && p === 'click_tracking') return 'clicks';
  return null;
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
    return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
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
    const hops = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean);
    const pick = hops[Math.max(0, hops.length - trustedProxies)];
    if (pick) return clientKeyOf(pick);
  }
  return clientKeyOf(remoteAddress);
}

export type Decision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number; limit: Limit };

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

  /** Counts one request of `kind` by `client` and says whether it may go on. */
  take(kind: WriteKind, client: string): Decision {
    const limit = this.limits[kind];
    if (!limit) return { allowed: true, remaining: Infinity };
    const now = this.now();
    this.sweep(now);
    const key = `${kind} ${client}`;
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (w) this.windows.delete(key);
      w = { count: 0, resetAt: now + limit.windowSeconds * 1000 };
      this.windows.set(key, w); // Map order = creation order: oldest first
      const cap = this.opts.maxClients ?? 100_000;
      while (this.windows.size > cap) this.windows.delete(this.windows.keys().next().value!);
    }
    if (w.count >= limit.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)), limit };
    }
    w.count++;
    return { allowed: true, remaining: limit.max - w.count };
  }

  /** Drops expired windows, at most once a second. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
