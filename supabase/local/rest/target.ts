/**
 * What a /rest/v1 path names: the root, a function (rpc/<name>) or a table. One parser
 * for the router (handler.ts) and the write limits (rate-limit.ts): a path the limiter
 * read differently from the router (`review%73`) would be a write it never counts.
 */
import { RestError } from './errors.ts';

export type RestTarget = { kind: 'root' } | { kind: 'rpc'; name: string } | { kind: 'table'; name: string };

/**
 * `path` is the raw (percent-encoded) path after /rest/v1/. Outer slashes are ignored;
 * the name is percent-decoded; names are case-sensitive (schema cache lookups). Dot
 * segments are already resolved by the URL parser. Malformed escapes: 400 PGRST100.
 */
export function restTarget(path: string): RestTarget {
  const p = path.replace(/^\/+|\/+$/g, '');
  if (p === '') return { kind: 'root' };
  if (p.startsWith('rpc/')) return { kind: 'rpc', name: decodePath(p.slice(4)) };
  return { kind: 'table', name: decodePath(p) };
}

/** decodeURIComponent that answers 400 (not 500) for malformed escapes such as `%E0%A4`. */
function decodePath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    throw new RestError(400, 'PGRST100', 'malformed percent-encoding in the path', null, null);
  }
}

/**
 * The REST path of a request routed to /rest/v1/*: the URL's path without its first two
 * segments. The router matched them decoded (`/%72est/v1/` too), and decoding never adds
 * a `/` there (%2F stays encoded), so they are exactly two segments of the raw path.
 */
export function restPathOf(pathname: string): string {
  return pathname.split('/').slice(3).join('/');
}
