/**
 * What a /rest/v1 path names: the root, a function (rpc/<name>) or a table. Read as
 * PostgREST reads it (ApiRequest.getResource over Warp's pathInfo): the path split on
 * `/`, each segment percent-decoded; `[]` is the root, `[name]` a table, `["rpc", name]`
 * a function, anything else (an empty segment: `//x`, `x/`; more segments) is 404
 * PGRST125. So a path reaches a function only in the one form the database's
 * pre-request function sees in request.path (the raw path, escapes aside).
 */
import { RestError } from './errors.ts';

export type RestTarget = { kind: 'root' } | { kind: 'rpc'; name: string } | { kind: 'table'; name: string };

/**
 * `path` is the raw (percent-encoded) path after /rest/v1/. Names are case-sensitive
 * (schema cache lookups). Dot segments are already resolved by the URL parser.
 * Malformed escapes: 400 PGRST100.
 */
export function restTarget(path: string): RestTarget {
  if (path === '') return { kind: 'root' };
  const segments = path.split('/').map(decodePath);
  if (segments.length === 1 && segments[0] !== '') return { kind: 'table', name: segments[0]! };
  if (segments.length === 2 && segments[0] === 'rpc' && segments[1] !== '') return { kind: 'rpc', name: segments[1]! };
  throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL', null, null);
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
