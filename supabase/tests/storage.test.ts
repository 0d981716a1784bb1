/**
 * The Storage subset (local/storage/): supabase-js uploads to the buckets of
 * supabase/config.toml (`ads-images`: images up to 1 MiB; `ads-videos`: video up to 10 MiB)
 * as the operator, each bucket's limits of type and size (declared AND by content), who may
 * write, keys that would leave the folder, public reads of the same bytes, removal.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, server, sharedAdmin, signedInClient } from './helpers';
import { maxUploadBody, objectKey, sniff } from '../local/storage/files';

const MB = 1024 * 1024;
const IMAGES = 'ads-images';
const VIDEOS = 'ads-videos';

/** A file whose first bytes are those of `kind`, padded with zeros to `size` bytes. */
function fileOf(kind: 'png' | 'jpeg' | 'webp' | 'mp4' | 'webm' | 'gif' | 'text', size = 256): Buffer {
  const head: Record<typeof kind, number[] | string> = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
    jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0],
    webp: 'RIFF\u0000\u0000\u0000\u0000WEBPVP8 ',
    mp4: '\u0000\u0000\u0000\u0018ftypisom\u0000\u0000\u0002\u0000isomiso2',
    webm: '\u001a\u0045\u00df\u00a3\u009f\u0042\u0086\u0081\u0001\u0042\u0082\u0084webm\u0042\u0087\u0081\u0002',
    gif: 'GIF89a',
    text: 'hello, this is not an image at all',
  };
  const h = head[kind];
  const start = typeof h === 'string' ? Buffer.from(h, 'latin1') : Buffer.from(h);
  const out = Buffer.alloc(Math.max(size, start.length));
  start.copy(out);
  for (let i = start.length; i < out.length; i++) out[i] = (i * 31) % 251; // not all zeros
  return out;
}

const storedFile = (key: string, bucket = IMAGES) => join(server().dataDir, 'storage', bucket, key);
const uniqueKey = (ext: string) => `test/${randomUUID()}.${ext}`;

/**
 * Every file under the data folder's storage (to prove a refused upload wrote nothing), but the
 * providers' photos: photos-storage.test.ts writes there on the same server at the same time.
 */
function storedFiles(): string[] {
  const root = join(server().dataDir, 'storage');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => !f.startsWith('provider-photos')).sort();
}

async function publicGet(key: string, headers: Record<string, string> = {}, bucket = IMAGES): Promise<Response> {
  return fetch(`${server().url}/storage/v1/object/public/${bucket}/${key}`, { headers });
}

let admin: SupabaseClient;
beforeAll(async () => {
  admin = await sharedAdmin();
});

describe('upload as the operator, then public read', () => {
  test('a File (multipart, what the console sends) comes back byte for byte with its type', async () => {
    const key = uniqueKey('png');
    const bytes = fileOf('png', 5000);
    const file = new File([bytes], 'banner.png', { type: 'image/png' });
    const { data, error } = await admin.storage.from(IMAGES).upload(key, file, { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: key, fullPath: `ads-images/${key}` });
    expect(data!.id).toEqual(expect.any(String));

    const url = admin.storage.from(IMAGES).getPublicUrl(key).data.publicUrl;
    expect(url).toBe(`${server().url}/storage/v1/object/public/ads-images/${key}`);
    const res = await fetch(url); // no key needed: the bucket is public
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(existsSync(storedFile(key))).toBe(true);
  });

  test('raw bodies (ArrayBuffer / Buffer with contentType) of each allowed type, each in its bucket', async () => {
    for (const [kind, type, bucket] of [
      ['jpeg', 'image/jpeg', IMAGES],
      ['webp', 'image/webp', IMAGES],
      ['mp4', 'video/mp4', VIDEOS],
      ['webm', 'video/webm', VIDEOS],
    ] as const) {
      const key = uniqueKey(kind);
      const bytes = fileOf(kind, 3000);
      const { error } = await admin.storage.from(bucket).upload(key, bytes, { contentType: type });
      expect(error).toBeNull();
      const res = await publicGet(key, {}, bucket);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  test('exactly at the limits is accepted: a 1 MiB image, a 10 MiB video', async () => {
    const image = await admin.storage.from(IMAGES).upload(uniqueKey('jpg'), fileOf('jpeg', MB), { contentType: 'image/jpeg' });
    expect(image.error).toBeNull();
    const video = await admin.storage.from(VIDEOS).upload(uniqueKey('mp4'), fileOf('mp4', 10 * MB), { contentType: 'video/mp4' });
    expect(video.error).toBeNull();
  }, 60_000);

  test('a video is served in ranges (seeking)', async () => {
    const key = uniqueKey('mp4');
    const bytes = fileOf('mp4', 4096);
    expect((await admin.storage.from(VIDEOS).upload(key, bytes, { contentType: 'video/mp4' })).error).toBeNull();
    const part = await publicGet(key, { Range: 'bytes=100-199' }, VIDEOS);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect((await publicGet(key, { Range: 'bytes=5000-' }, VIDEOS)).status).toBe(416);
  });

  test('the same key again: 409 Duplicate without upsert (old bytes kept); upsert replaces', async () => {
    const key = uniqueKey('png');
    const first = fileOf('png', 300);
    const second = fileOf('png', 600);
    expect((await admin.storage.from(IMAGES).upload(key, first, { contentType: 'image/png' })).error).toBeNull();
    const again = await admin.storage.from(IMAGES).upload(key, second, { contentType: 'image/png' });
    expect(again.error).toMatchObject({ status: 409, statusCode: '409' });
    expect(Buffer.from(await (await publicGet(key)).arrayBuffer()).equals(first)).toBe(true);
    const upsert = await admin.storage.from(IMAGES).upload(key, second, { contentType: 'image/png', upsert: true });
    expect(upsert.error).toBeNull();
    expect(Buffer.from(await (await publicGet(key)).arrayBuffer()).equals(second)).toBe(true);
  });

  test('the seed’s demo media is still served; an unknown key is 404', async () => {
    const svg = await publicGet('free-registration.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const webm = await publicGet('ac-service-offer.webm', {}, VIDEOS);
    expect(webm.status).toBe(200);
    expect(webm.headers.get('content-type')).toBe('video/webm');
    // The single `ads` bucket of before config.toml is gone.
    expect((await publicGet('free-registration.svg', {}, 'ads')).status).toBe(404);
    const missing = await publicGet(`${randomUUID()}.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
  });
});

describe('only the operator writes', () => {
  test('anon and a signed-in non-admin get 403 (storage-api error shape); nothing is written', async () => {
    const before = storedFiles();
    const user = await signedInClient('user');
    for (const client of [anonClient(), user]) {
      const key = uniqueKey('png');
      const { data, error } = await client.storage.from(IMAGES).upload(key, fileOf('png'), { contentType: 'image/png' });
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 403, statusCode: '403' });
      expect(error!.message).toMatch(/admin/);
      const res = await publicGet(key);
      expect(res.status).toBe(404);
    }
    // raw, too: no key at all, a forged token
    const s = server();
    const noKey = await fetch(`${s.url}/storage/v1/object/ads-images/${uniqueKey('png')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: fileOf('png'),
    });
    expect(noKey.status).toBe(401);
    const forged = await fetch(`${s.url}/storage/v1/object/ads-images/${uniqueKey('png')}`, {
      method: 'POST',
      headers: { apikey: s.anonKey, Authorization: 'Bearer not.a.jwt', 'Content-Type': 'image/png' },
      body: fileOf('png'),
    });
    expect(forged.status).toBe(401);
    expect(storedFiles()).toEqual(before);
  });

  test('anon and a non-admin cannot remove or replace a file; the operator can remove it', async () => {
    const key = uniqueKey('png');
    const bytes = fileOf('png', 400);
    expect((await admin.storage.from(IMAGES).upload(key, bytes, { contentType: 'image/png' })).error).toBeNull();
    const user = await signedInClient('user');
    for (const client of [anonClient(), user]) {
      const removed = await client.storage.from(IMAGES).remove([key]);
      expect(removed.error).toMatchObject({ status: 403 });
      const replaced = await client.storage.from(IMAGES).update(key, fileOf('png', 500), { contentType: 'image/png' });
      expect(replaced.error).toMatchObject({ status: 403 });
    }
    expect(Buffer.from(await (await publicGet(key)).arrayBuffer()).equals(bytes)).toBe(true);
    const removed = await admin.storage.from(IMAGES).remove([key]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: key, bucket_id: IMAGES })]);
    expect((await publicGet(key)).status).toBe(404);
    expect(existsSync(storedFile(key))).toBe(false);
  });

  test('the service role may upload (operator tools); other buckets do not exist', async () => {
    const svc = serviceClient();
    expect((await svc.storage.from(IMAGES).upload(uniqueKey('png'), fileOf('png'), { contentType: 'image/png' })).error).toBeNull();
    for (const name of ['avatars', 'ads']) {
      const other = await admin.storage.from(name).upload(uniqueKey('png'), fileOf('png'), { contentType: 'image/png' });
      expect(other.error).toMatchObject({ status: 404 });
    }
  });
});

describe('type and size limits: a clear error and nothing stored', () => {
  const refused = async (
    body: Buffer | File,
    contentType: string | undefined,
    status: number,
    message: RegExp,
    bucket = IMAGES,
  ): Promise<void> => {
    const before = storedFiles();
    const key = uniqueKey('bin');
    const { data, error } = await admin.storage.from(bucket).upload(key, body, contentType ? { contentType } : {});
    expect(data).toBeNull();
    expect(error).toMatchObject({ status, statusCode: String(status) });
    expect(error!.message).toMatch(message);
    expect((await publicGet(key, {}, bucket)).status).toBe(404);
    expect(storedFiles()).toEqual(before);
  };

  test('oversize: an image over 1 MiB, a video over 10 MiB, a body over the server cap (413)', async () => {
    await refused(fileOf('png', MB + 1), 'image/png', 413, /at most 1048576 bytes/);
    await refused(new File([fileOf('webp', MB + 1)], 'x.webp', { type: 'image/webp' }), undefined, 413, /at most 1048576 bytes/);
    await refused(fileOf('mp4', 10 * MB + 1), 'video/mp4', 413, /at most 10485760 bytes/, VIDEOS);
    await refused(fileOf('mp4', maxUploadBody(10 * MB) + 1), 'video/mp4', 413, /maximum allowed size/, VIDEOS);
    // and the client's next request is answered normally (no leftover body on the connection)
    expect((await admin.storage.from(IMAGES).upload(uniqueKey('png'), fileOf('png'), { contentType: 'image/png' })).error).toBeNull();
  }, 60_000);

  test('each bucket takes only its types: a video into ads-images, an image into ads-videos (415)', async () => {
    await refused(fileOf('mp4', 3000), 'video/mp4', 415, /video\/mp4 is not supported in ads-images/);
    await refused(fileOf('png', 3000), 'image/png', 415, /image\/png is not supported in ads-videos/, VIDEOS);
  });

  test('a type that is not allowed (gif, svg, text, none) is 415', async () => {
    await refused(fileOf('gif'), 'image/gif', 415, /image\/gif is not supported/);
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415, /not supported/);
    // supabase-js's default content type for a raw body is text/plain
    await refused(fileOf('png'), undefined, 415, /text\/plain is not supported/);
    await refused(new File([fileOf('png')], 'x', { type: '' }), undefined, 415, /application\/octet-stream is not supported/);
  });

  test('a lying content type is 415: PNG bytes declared JPEG, text declared PNG, a GIF declared WebP', async () => {
    await refused(fileOf('png'), 'image/jpeg', 415, /content is image\/png, not image\/jpeg/);
    await refused(fileOf('text'), 'image/png', 415, /not an image or video, not image\/png/);
    await refused(new File([fileOf('gif')], 'x.webp', { type: 'image/webp' }), undefined, 415, /not image\/webp/);
    await refused(fileOf('jpeg', 2 * MB), 'video/mp4', 415, /content is image\/jpeg, not video\/mp4/, VIDEOS);
    await refused(fileOf('mp4', 3000), 'video/webm', 415, /content is video\/mp4, not video\/webm/, VIDEOS);
    await refused(Buffer.alloc(0), 'image/png', 415, /not an image or video/);
  });
});

describe('keys cannot leave the bucket folder', () => {
  const rawUpload = async (path: string): Promise<number> => {
    const s = server();
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${s.url}/storage/v1/object/${path}`, {
      method: 'POST',
      headers: { apikey: s.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
      body: fileOf('png'),
    });
    return res.status;
  };

  test('encoded .., backslashes, hidden names, empty segments and control characters: 400; nothing written', async () => {
    const before = storedFiles();
    for (const path of [
      'ads-images/..%2F..%2Fescape.png',
      'ads-images/sub/..%2Fescape.png',
      'ads-images/%2E%2E%2Fescape.png',
      'ads-images/..%5C..%5Cescape.png',
      'ads-images/sub%5C..%5Cx.png',
      'ads-images/.hidden.png',
      'ads-images/sub//x.png',
      'ads-images/%00x.png',
      'ads-images/x%0A.png',
      `ads-images/${'a'.repeat(300)}.png`,
      'ads-images/%E0%A4',
    ]) {
      expect({ path, status: await rawUpload(path) }).toEqual({ path, status: 400 });
    }
    expect(storedFiles()).toEqual(before);
    expect(existsSync(join(server().dataDir, 'escape.png'))).toBe(false);
    expect(existsSync(join(server().dataDir, 'storage', 'escape.png'))).toBe(false);
  });

  test('plain ../ in the URL is resolved before routing: never a write outside the bucket', async () => {
    const before = storedFiles();
    const { error } = await admin.storage.from(IMAGES).upload('../../escape.png', fileOf('png'), { contentType: 'image/png' });
    expect(error).not.toBeNull();
    expect(await rawUpload('ads-images/../../escape.png')).toBe(404);
    expect(storedFiles()).toEqual(before);
    expect(existsSync(join(server().dataDir, 'escape.png'))).toBe(false);
  });

  test('public reads refuse the same keys', async () => {
    const s = server();
    for (const path of [
      'ads-images/..%2F..%2Fjwt-secret',
      'ads-images/%2E%2E%2F%2E%2E%2Fjwt-secret',
      '..%2F..%2Fpackage.json',
      'ads-images/.upload-x.tmp',
    ]) {
      const res = await fetch(`${s.url}/storage/v1/object/public/${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });

  test('helpers: keys and magic bytes', () => {
    expect(objectKey('a/b%20c.png')).toBe('a/b c.png');
    expect(objectKey('%E0%A4%B5%E0%A4%BF%E0%A4%9C%E0%A5%8D%E0%A4%9E%E0%A4%BE%E0%A4%AA%E0%A4%A8.jpg')).toBe('विज्ञापन.jpg');
    for (const bad of ['', '..', 'a/../b', 'a/%2e%2e/b', '/abs.png', 'a//b', '.x', 'a%2Fb', 'a%5Cb', 'a%7F', '%ZZ']) {
      expect({ bad, key: objectKey(bad) }).toEqual({ bad, key: null });
    }
    expect(sniff(fileOf('png'))).toBe('image/png');
    expect(sniff(fileOf('jpeg'))).toBe('image/jpeg');
    expect(sniff(fileOf('webp'))).toBe('image/webp');
    expect(sniff(fileOf('mp4'))).toBe('video/mp4');
    expect(sniff(fileOf('webm'))).toBe('video/webm');
    expect(sniff(fileOf('gif'))).toBeNull();
    expect(sniff(Buffer.from('\u0000\u0000\u0000\u0014ftypqt  ', 'latin1'))).toBeNull();
  });
});
