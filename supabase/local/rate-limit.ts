/**
 * Per-client limits of the local auth server: failed password sign-ins (per client and
 * per account), SMS codes sent and wrong SMS codes (per client). A fixed window per
 * (kind, key): at most `max` units in `windowSeconds`; past it the server answers 429
 * with Retry-After.
 * Pure (no I/O): the clock is injectable for tests. Memory is bounded: expired
 * windows are swept, and past `maxClients` entries the oldest are dropped.
 *
 * The REST writes (registrations, reviews, ratings, clicks, reports) are not limited
 * here: the database limits them itself, in the pre-request function PostgREST calls
 * (`public.check_request`, migration 0011), on the real project and locally alike.
 * Real GoTrue has its own auth limits; see README.md.
 */
import { isIPv6 } from 'node:net';

/** Every limited kind: failed password sign-ins, SMS codes sent, and wrong SMS codes. */
export const LIMIT_KINDS = ['signins', 'sms', 'verifies'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/**
 * Kinds this limiter had for the REST writes, now counted by the database
 * (public.check_request). A spec string (RATE_LIMITS, --rate-limits) naming them is still
 * accepted and they are ignored, so older scripts keep starting the server.
 */
export const RETIRED_KINDS = ['registrations', 'reviews', 'ratings', 'clicks', 'reports'] as const;

export interface Limit {
  /** Units (failed sign-ins, codes) allowed per window and key; 0 refuses everything of this kind. */
  max: number;
  windowSeconds: number;
}

/** A kind mapped to null is not limited. */
export type RateLimits = Record<LimitKind, Limit | null>;

/** For a real district site: the admin mistypes a password a few times at most. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signins: { max: 5, windowSeconds: 900 },
  // SMS codes sent per client, whatever the numbers (each number also gets at most 3 an hour).
  sms: { max: 10, windowSeconds: 3600 },
  // Wrong SMS codes per client (each code also dies after 5). Lenient, as many phones share
  // one address behind carrier NAT; GoTrue's default is 30 verifications per 5 min per address.
  verifies: { max: 30, windowSeconds: 900 },
};

export class RateLimitSpecError extends Error {}

function isKind(k: string): k is LimitKind {
  return (LIMIT_KINDS as readonly string[]).includes(k);
}

function isRetired(k: string): boolean {
  return (RETIRED_KINDS as readonly string[]).includes(k);
}

function retiredMessage(k: string): string {
  return `"${k}" is no longer limited by the local server: the database limits REST writes (public.check_request, migration 0011)`;
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
    if (isRetired(k)) throw new RateLimitSpecError(retiredMessage(k));
    if (!isKind(k)) throw new RateLimitSpecError(`unknown limit "${k}" (use ${LIMIT_KINDS.join(', ')})`);
    out[k] = checkLimit(k, v);
  }
  return out;
}

/**
 * Parses the CLI / env form: `off`, or a comma-separated list of
 * `kind=MAX/SECONDS` or `kind=off`, e.g. `signins=5/900,sms=off`.
 * Unlisted kinds keep `base`; the RETIRED_KINDS are skipped.
 */
export function parseLimitsSpec(spec: string, base: RateLimits = DEFAULT_RATE_LIMITS): RateLimits {
  const s = spec.trim();
  if (s === 'off') return Object.fromEntries(LIMIT_KINDS.map((k) => [k, null])) as RateLimits;
  const out: RateLimits = { ...base };
  if (s === '' || s === 'default') return out;
  for (const part of s.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+)\s*s?)\s*$/.exec(part);
    if (m && isRetired(m[1]!)) continue;
    if (!m || !isKind(m[1]!)) {
      throw new RateLimitSpecError(
        `bad rate limit "${part.trim()}": use kind=MAX/SECONDS or kind=off with kind one of ${LIMIT_KINDS.join(', ')}`,
      );
    }
    out[m[1]] = m[2] ? null : checkLimit(m[1]!, { max: Number(m[3]), windowSeconds: Number(m[4]) });
  }
  return out;
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

/** A socket's remote address as a proxy writes it: IPv4-mapped IPv6 as IPv4; 'unknown' when absent. */
export function socketAddressOf(remoteAddress: string | undefined): string {
  if (!remoteAddress) return 'unknown';
  const a = remoteAddress.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * The client's address: the socket's remote address, or, behind `trustedProxies`
 * reverse proxies, the address those proxies appended to X-Forwarded-For (counted from
 * the right: entries further left are whatever the client sent, so they are not trusted).
 */
export function clientAddressOf(
  remoteAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const pick = hops[Math.max(0, hops.length - trustedProxies)];
    if (pick) return socketAddressOf(pick.startsWith('[') && pick.includes(']') ? pick.slice(1, pick.indexOf(']')) : pick);
  }
  return socketAddressOf(remoteAddress);
}

/** The limiter's key of a request's client (clientAddressOf, then clientKeyOf). */
export function clientOf(remoteAddress: string | undefined, forwardedFor: string | null | undefined, trustedProxies: number): string {
  return clientKeyOf(clientAddressOf(remoteAddress, forwardedFor, trustedProxies));
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
