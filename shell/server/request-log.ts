/**
 * The production server's request log (serve.ts): one JSON line per request on stdout, for an
 * operator to see traffic, errors and slow pages. It carries no personal data:
 * - the path without its query string (a search's `?q=` is what someone typed);
 * - no header at all (no Authorization, apikey, cookie or phone ever reaches it);
 * - the client's network, not its address: an IPv4 /24 or an IPv6 /48, enough to see that a
 *   flood comes from one network and block it at the CDN, not enough to name a household.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FinishedRequest } from './static-server';

/** Methods logged by name; anything else a client invents is logged as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A path longer than this is cut (a client may send anything). */
const MAX_PATH = 200;

/**
 * The address a request came from: the socket's peer, or behind `trustProxy` reverse proxies
 * the entry they appended to X-Forwarded-For (counted from the right: entries further left are
 * whatever the client wrote, so they are not believed). Not configured (0): the header is ignored.
 */
export function clientAddress(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  if (trustProxy > 0 && header) {
    const hops = header
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const pick = hops[Math.max(0, hops.length - trustProxy)];
    if (pick) return pick.replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  }
  return remoteAddress ?? '';
}

/** The network of an address: IPv4 /24, IPv6 /48; 'unknown' for anything else. */
export function clientNetwork(address: string): string {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIPv4(a)) return `${a.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(a)) {
    const [head = '', tail = ''] = a.split('::');
    const h = head === '' ? [] : head.split(':');
    const t = tail === '' ? [] : tail.split(':');
    const groups = a.includes('::') ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/48`;
  }
  return 'unknown';
}

/** The path of a request target without its query string (and never more than MAX_PATH characters). */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '/').split(/[?#]/, 1)[0] || '/';
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

/** The JSON log line of one answered request (without its newline). */
export function requestLogLine({ req, status, bytes, ms, aborted }: FinishedRequest, trustProxy: number, now = new Date()): string {
  const method = req.method && METHODS.has(req.method) ? req.method : 'OTHER';
  return JSON.stringify({
    time: now.toISOString(),
    method,
    path: loggedPath(req.url),
    status,
    bytes,
    ms: Math.round(ms * 10) / 10,
    client: clientNetwork(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy)),
    ...(aborted ? { aborted: true } : {}),
  });
}
