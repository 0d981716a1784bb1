/**
 * The Storage subset the operator console uses through supabase-js
 * (`storage.from('ads-images').upload(path, file, { contentType, upsert })`, `getPublicUrl`,
 * `remove`), speaking storage-api's paths, headers and error shape:
 *
 *   POST|PUT /storage/v1/object/<bucket>/<key>   upload (PUT = update: replaces)
 *   DELETE   /storage/v1/object/<bucket>         remove, JSON {"prefixes": [keys]}
 *   DELETE   /storage/v1/object/<bucket>/<key>   remove one
 *   GET|HEAD /storage/v1/object/public/<bucket>/<key>   public read (Range supported)
 *
 * The buckets are supabase/config.toml's [storage.buckets.*] (`ads-images`: images up to
 * 1 MiB; `ads-videos`: video up to 10 MiB), each with its own size and type limit, as
 * Supabase Storage applies them. Writes need an admin's JWT (app_metadata.role = 'admin') or
 * the service_role key; anyone else gets 403. Except the bucket `provider-photos` (issue 28):
 * there the database decides, as the storage.objects policies of a real project do
 * (supabase/README.md, step 5): a signed-in user may upload an object when
 * `private.may_upload_photo(key, uid)` says so (never replacing one) and delete one when the
 * user is an admin or `private.may_delete_photo(key, uid)` says so. An upload's type is declared by its
 * Content-Type (raw body) or its part's type (multipart, what supabase-js sends for a
 * Blob/File), must be allowed by the bucket AND be confirmed by its first bytes (a check
 * Supabase does not make); otherwise 415 (type) or 413 (size) and nothing is written. Files
 * live under `<root>/<bucket>/<key>` (root = `<data dir>/storage`), written atomically.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { join, resolve, sep } from 'node:path';
import type { BucketConfig, ProjectConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import { Jwt, JwtError, type JwtClaims } from '../jwt.ts';
import {
  filePath,
  maxUploadBody,
  mediaTypeOf,
  objectKey,
  readObject,
  removeFile,
  sniff,
  SNIFFED_TYPES,
  StorageFileError,
  writeAtomically,
  type Bucket,
} from './files.ts';

export interface StorageOptions {
  jwt: Jwt;
  /** The database: the provider-photos bucket's rule is SQL (private.may_upload_photo / may_delete_photo). */
  db: Db;
  /** `<data dir>/storage`: uploaded files. */
  root: string;
  /** Read-only demo media (the seed's ads), served under the same public URLs. */
  mediaDir: string;
  /** [storage] of supabase/config.toml: the global size limit and the buckets. */
  config: ProjectConfig['storage'];
}

/** storage-api's error body: supabase-js reads `message`, `statusCode` and `code`. */
function storageError(status: number, code: string, error: string, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ statusCode: String(status), code, error, message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...extra },
  });
}

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : null;
}

/** The bucket whose writes the database decides (migration 0017). */
const PHOTO_BUCKET = 'provider-photos';

type Caller = { kind: 'operator' } | { kind: 'user'; uid: string | null };

/** Who calls: an admin's JWT or the service_role key ('operator'), any other valid token ('user'), or the answer to send. */
function callerOf(c: Context, jwt: Jwt): Caller | Response {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey') ?? null;
  const token = bearer(c.req.header('authorization')) ?? apikey;
  if (!apikey || !token) return storageError(401, 'InvalidJWT', 'Unauthorized', 'No API key or token found in request');
  let claims: JwtClaims;
  try {
    if (token !== apikey) jwt.verify(apikey);
    claims = jwt.verify(token);
  } catch (e) {
    if (e instanceof JwtError) return storageError(401, 'InvalidJWT', 'Unauthorized', e.reason === 'expired' ? 'jwt expired' : e.message);
    throw e;
  }
  const appMeta = claims.app_metadata as { role?: unknown } | undefined;
  if (claims.role === 'service_role' || (claims.role === 'authenticated' && appMeta?.role === 'admin')) return { kind: 'operator' };
  const sub = claims.role === 'authenticated' && typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null;
  return { kind: 'user', uid: sub };
}

const operatorOnly = () => storageError(403, 'AccessDenied', 'Unauthorized', 'Only the operator (an admin) may change stored files');
const policyDenied = () => storageError(403, 'Unauthorized', 'Unauthorized', 'new row violates row-level security policy');

/** The SQL rule `fn` (private.may_upload_photo or may_delete_photo) for this key and user. */
async function sqlAllows(db: Db, fn: 'may_upload_photo' | 'may_delete_photo', key: string, uid: string | null): Promise<boolean> {
  if (!uid) return false;
  const r = await db.query<{ ok: boolean | string }>(`select private.${fn}($1::text, $2::uuid) as ok`, [key, uid]);
  const ok = r.rows[0]?.ok;
  return ok === true || ok === 't' || ok === 'true';
}

/** Bucket and raw key of a path after /storage/v1/object/. */
function splitObjectPath(pathname: string, prefix: string): { bucket: string; rawKey: string } {
  const rest = pathname.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: safeDecode(rest) ?? '', rawKey: '' };
  return { bucket: safeDecode(rest.slice(0, slash)) ?? '', rawKey: rest.slice(slash + 1) };
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

const noBucket = () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
const badKey = () =>
  storageError(400, 'InvalidKey', 'Invalid key', 'Invalid key: use folder/name.ext without "..", leading dots or control characters');

/** Bodies up to this size are read (and thrown away) before a refusal; larger ones close the connection. */
const DRAIN_MAX = 32 * 1024 * 1024;

/**
 * Reads the whole request body: its bytes when they fit in `cap`, else null (the rest is
 * still read, up to DRAIN_MAX, so that the answer comes after the body and the keep-alive
 * connection stays usable; past DRAIN_MAX the reading stops and the connection is closed).
 */
async function readBody(req: Request, cap: number): Promise<{ bytes: Uint8Array } | { tooLarge: true; close: boolean }> {
  if (!req.body) return { bytes: new Uint8Array(0) };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= cap) chunks.push(value);
    else if (total > DRAIN_MAX) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true, close: true };
    }
  }
  if (total > cap) return { tooLarge: true, close: false };
  return { bytes: Buffer.concat(chunks) };
}

function overCap(cap: number, close: boolean): Response {
  return storageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    `The object exceeded the maximum allowed size (${cap} bytes)`,
    close ? { Connection: 'close' } : {},
  );
}

/**
 * The uploaded bytes and their declared type: a raw body (supabase-js with an ArrayBuffer,
 * Buffer or stream; its Content-Type), or the file part of a multipart body (supabase-js with
 * a File/Blob; the part's type).
 */
async function readUpload(c: Context, body: Uint8Array): Promise<{ bytes: Uint8Array; declared: string } | Response> {
  const contentType = mediaTypeOf(c.req.header('content-type'));
  if (contentType !== 'multipart/form-data') return { bytes: body, declared: contentType };
  let form: FormData;
  try {
    // A copy on its own ArrayBuffer: what the DOM's BodyInit accepts (the root scripts' tsconfig).
    form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': c.req.header('content-type')! } }).formData();
  } catch {
    return storageError(400, 'InvalidRequest', 'Invalid request', 'The multipart body could not be read');
  }
  let file: File | null = null;
  form.forEach((v) => {
    if (!file && typeof v !== 'string') file = v;
  });
  if (!file) return storageError(400, 'InvalidRequest', 'Invalid request', 'No file in the multipart body');
  const f = file as File;
  return { bytes: new Uint8Array(await f.arrayBuffer()), declared: mediaTypeOf(f.type) };
}

function tooLarge(bucket: string, limit: number): Response {
  return storageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    `The object exceeded the maximum allowed size: files in ${bucket} may be at most ${limit} bytes (${limit / (1024 * 1024)} MB)`,
  );
}

/** A Range header's first range over `size` bytes: [start, end] inclusive, 'bad', or null (none). */
function rangeOf(header: string | undefined, size: number): [number, number] | 'bad' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'bad' : [start, end];
}

export function registerStorage(app: Hono, opts: StorageOptions): void {
  const buckets = opts.config.buckets;
  const bucketOf = (name: string): BucketConfig | null => (Object.hasOwn(buckets, name) ? buckets[name]! : null);
  const cap = maxUploadBody(opts.config.fileSizeLimit);

  // Public read: uploaded files first, then the demo media of the seed.
  app.get('/storage/v1/object/public/*', async (c) => {
    const { bucket, rawKey } = splitObjectPath(new URL(c.req.url).pathname, '/storage/v1/object/public/');
    const key = objectKey(rawKey);
    if (!key) return storageError(400, 'InvalidKey', 'Invalid key', 'Invalid key');
    const b = bucketOf(bucket);
    if (!b?.public) return noBucket();
    let found = await readFromRoot(opts.root, bucket, key);
    if (!found) {
      const media = resolve(opts.mediaDir);
      const file = resolve(join(media, bucket, key));
      if (file.startsWith(media + sep)) found = await readObject(file);
    }
    if (!found) return storageError(404, 'NoSuchKey', 'not_found', 'Object not found');
    const { data, type } = found;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=3600',
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    };
    const range = rangeOf(c.req.header('range'), data.length);
    if (range === 'bad') {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${data.length}` } });
    }
    if (range) {
      const [start, end] = range;
      return new Response(new Uint8Array(data.subarray(start, end + 1)), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${data.length}` },
      });
    }
    return new Response(new Uint8Array(data), { status: 200, headers });
  });

  const upload = async (c: Context): Promise<Response> => {
    // Every answer comes after the body is read (see readBody), refusals included.
    if (Number(c.req.header('content-length')) > DRAIN_MAX) return overCap(cap, true);
    const read = await readBody(c.req.raw, cap);
    if ('tooLarge' in read) return overCap(cap, read.close);
    const caller = callerOf(c, opts.jwt);
    if (caller instanceof Response) return caller;
    const { bucket, rawKey } = splitObjectPath(new URL(c.req.url).pathname, '/storage/v1/object/');
    const b = bucketOf(bucket);
    if (caller.kind !== 'operator' && bucket !== PHOTO_BUCKET) return operatorOnly();
    if (!b) return noBucket();
    const key = objectKey(rawKey);
    if (!key) return badKey();
    // provider-photos: the SQL rule, and never a replacement (no UPDATE policy on a real project).
    const byRule = caller.kind === 'user';
    if (
      byRule &&
      (c.req.method === 'PUT' || c.req.header('x-upsert') === 'true' || !(await sqlAllows(opts.db, 'may_upload_photo', key, caller.uid)))
    ) {
      return policyDenied();
    }
    const file = filePath(opts.root, bucket, key);
    if (!file) return badKey();
    const body = await readUpload(c, read.bytes);
    if (body instanceof Response) return body;
    const { bytes, declared } = body;
    const allowed = (b.allowedMimeTypes.length > 0 ? b.allowedMimeTypes : [...SNIFFED_TYPES]).filter((t) =>
      (SNIFFED_TYPES as readonly string[]).includes(t),
    );
    if (!allowed.includes(declared)) {
      return storageError(
        415,
        'InvalidMimeType',
        'invalid_mime_type',
        `mime type ${declared || '(none)'} is not supported in ${bucket}: use one of ${allowed.join(', ')}`,
      );
    }
    const limit = Math.min(b.fileSizeLimit || opts.config.fileSizeLimit, opts.config.fileSizeLimit);
    if (bytes.length > limit) return tooLarge(bucket, limit);
    const actual = sniff(bytes);
    if (actual !== declared) {
      return storageError(
        415,
        'InvalidMimeType',
        'invalid_mime_type',
        `the file's content is ${actual ?? 'not an image or video'}, not ${declared} as declared`,
      );
    }
    // PUT is supabase-js's update(): it replaces; POST replaces only with x-upsert: true.
    const upsert = !byRule && (c.req.method === 'PUT' || c.req.header('x-upsert') === 'true');
    try {
      await writeAtomically(file, bytes, upsert);
    } catch (e) {
      if (e instanceof StorageFileError) return storageError(e.status, e.code, e.code, e.message);
      throw e;
    }
    return c.json({ Key: `${bucket}/${key}`, Id: randomUUID() });
  };
  app.post('/storage/v1/object/*', upload);
  app.put('/storage/v1/object/*', upload);

  app.delete('/storage/v1/object/*', async (c) => {
    if (Number(c.req.header('content-length')) > DRAIN_MAX) return overCap(1024 * 1024, true);
    const read = await readBody(c.req.raw, 1024 * 1024);
    if ('tooLarge' in read) return overCap(1024 * 1024, read.close);
    const caller = callerOf(c, opts.jwt);
    if (caller instanceof Response) return caller;
    const { bucket, rawKey } = splitObjectPath(new URL(c.req.url).pathname, '/storage/v1/object/');
    if (caller.kind !== 'operator' && bucket !== PHOTO_BUCKET) return operatorOnly();
    if (!bucketOf(bucket)) return noBucket();
    let keys: string[];
    if (rawKey !== '') {
      const key = objectKey(rawKey);
      if (!key) return badKey();
      keys = [key];
    } else {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(read.bytes));
      } catch {
        return storageError(400, 'InvalidRequest', 'Invalid request', 'Expected JSON {"prefixes": ["folder/name.ext"]}');
      }
      const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
      if (!Array.isArray(prefixes) || prefixes.length > 1000) {
        return storageError(400, 'InvalidRequest', 'Invalid request', 'Expected JSON {"prefixes": ["folder/name.ext"]}');
      }
      keys = [];
      for (const p of prefixes) {
        const key = typeof p === 'string' ? objectKey(p.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')) : null;
        if (!key) return badKey();
        keys.push(key);
      }
    }
    const removed: { name: string; bucket_id: Bucket }[] = [];
    for (const key of keys) {
      // provider-photos: a key the SQL rule refuses is skipped, as a policy hides a row.
      if (caller.kind === 'user' && !(await sqlAllows(opts.db, 'may_delete_photo', key, caller.uid))) continue;
      const file = filePath(opts.root, bucket, key);
      if (file && (await removeFile(file))) removed.push({ name: key, bucket_id: bucket });
    }
    if (rawKey !== '') {
      return removed.length ? c.json({ message: 'Successfully deleted' }) : storageError(404, 'NoSuchKey', 'not_found', 'Object not found');
    }
    return c.json(removed);
  });
}

async function readFromRoot(root: string, bucket: Bucket, key: string): Promise<{ data: Buffer; type: string } | null> {
  const file = filePath(root, bucket, key);
  return file ? readObject(file) : null;
}
