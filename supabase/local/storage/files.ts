/**
 * Files of the Storage subset: which object keys are accepted, which media types and
 * sizes, what a file's first bytes say it is, and writing a file so that no reader ever
 * sees half of it. Pure helpers plus fs; the HTTP side is routes.ts.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';

/**
 * The buckets and their limits come from supabase/config.toml [storage.buckets.*]
 * (local/config.ts): public, file_size_limit, allowed_mime_types, as Supabase Storage applies
 * them. This file knows which media types the local server can recognise by their bytes.
 */
export type Bucket = string;

/** The types sniff() recognises: an upload must be one of them AND allowed by its bucket. */
export const SNIFFED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'] as const;

/** The largest body read for an upload: the global file_size_limit plus room for a multipart envelope. */
export function maxUploadBody(globalLimit: number): number {
  return globalLimit + 64 * 1024;
}

/** `image/png; charset=x` -> `image/png`; '' when absent. */
export function mediaTypeOf(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * What the first bytes of a file are: one of SNIFFED_TYPES, or null. JPEG FF D8 FF;
 * PNG's 8-byte signature; WebP RIFF....WEBP; MP4 an ISO base media `ftyp` box (not
 * QuickTime's `qt  ` brand); WebM an EBML header (1A 45 DF A3) whose DocType is `webm`.
 */
export function sniff(bytes: Uint8Array): string | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 'ftyp') && !ascii(8, 'qt  ')) return 'video/mp4';
  if (bytes.length >= 4 && at(0, 0x1a, 0x45, 0xdf, 0xa3)) {
    // The DocType element (42 82, a length byte, then the name) sits in the header's first bytes.
    const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1');
    const i = head.indexOf('\x42\x82');
    if (i >= 0 && head.slice(i + 3, i + 7) === 'webm') return 'video/webm';
  }
  return null;
}

/** Control characters (C0 and DEL) anywhere in the text. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * The object key of a request path (the raw, percent-encoded part after `<bucket>/`), or
 * null when it is not a key this server stores: empty, `.` or `..` segments, a segment that
 * decodes to one containing `/` or `\`, control characters, a segment starting with `.`
 * (temporary files are named so), more than 255 bytes a segment or 1024 in all.
 */
export function objectKey(raw: string): string | null {
  if (raw === '' || raw.length > 3 * 1024) return null;
  const out: string[] = [];
  for (const part of raw.split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (seg === '' || seg.startsWith('.') || seg.includes('/') || seg.includes('\\') || hasControl(seg)) return null;
    if (Buffer.byteLength(seg) > 255) return null;
    out.push(seg);
  }
  const key = out.join('/');
  return Buffer.byteLength(key) <= 1024 ? key : null;
}

/** The file of `key` in `bucket` under `root` (`<data dir>/storage`), or null if it would leave it. */
export function filePath(root: string, bucket: Bucket, key: string): string | null {
  const base = resolve(root, bucket);
  const file = resolve(base, key);
  return file.startsWith(base + sep) ? file : null;
}

export class StorageFileError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Writes `bytes` to `file` atomically: a temporary file in the same folder, then a rename
 * (upsert) or a hard link that fails if the file exists (no upsert: 409, the existing file
 * untouched). A failure leaves no temporary file behind.
 */
export async function writeAtomically(file: string, bytes: Uint8Array, upsert: boolean): Promise<void> {
  const dir = dirname(file);
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new StorageFileError(400, 'InvalidKey', 'a folder of this key is a file');
    throw e;
  }
  const tmp = join(dir, `.upload-${randomUUID()}.tmp`);
  const fh = await open(tmp, 'wx', 0o644);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    const existing = await stat(file).catch(() => null);
    if (existing?.isDirectory()) throw new StorageFileError(409, 'Duplicate', 'a folder of that name exists');
    if (upsert) {
      await rename(tmp, file);
    } else {
      try {
        await link(tmp, file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageFileError(409, 'Duplicate', 'The resource already exists');
        throw e;
      }
    }
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Deletes a stored file; false when there was none. */
export async function removeFile(file: string): Promise<boolean> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return false;
    await unlink(file);
    return true;
  } catch {
    return false;
  }
}

const EXT_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Reads a file and the type to serve it as (its content decides; else its extension). */
export async function readObject(file: string): Promise<{ data: Buffer; type: string } | null> {
  try {
    const data = await readFile(file);
    return { data, type: sniff(data) ?? EXT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
