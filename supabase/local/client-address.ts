/**
 * The client's address, as the local server works it out: for the `cf-connecting-ip` and
 * `x-forwarded-for` it hands the database (as Supabase's gateway does; the database's
 * pre-request function, public.check_request, limits REST writes by it) and for the local
 * GoTrue's per-address limits (auth/limits.ts). Pure (no I/O).
 *
 * The local server has no limiter of its own any more: REST writes are limited in the
 * database (migration 0011), sign-ins, codes and code checks by the local GoTrue from
 * supabase/config.toml [auth.rate_limit], as on the real project.
 */
import { isIPv6 } from 'node:net';

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

/** The key of a request's client for per-address limits (clientAddressOf, then clientKeyOf). */
export function clientOf(remoteAddress: string | undefined, forwardedFor: string | null | undefined, trustedProxies: number): string {
  return clientKeyOf(clientAddressOf(remoteAddress, forwardedFor, trustedProxies));
}
