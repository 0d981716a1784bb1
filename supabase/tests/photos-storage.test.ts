/**
 * The bucket provider-photos (issue 28, migration 0017) on the local server: who may upload
 * or delete is the database's rule (private.may_upload_photo / may_delete_photo), as the
 * storage.objects policies make it on a real project; type and size are the bucket's
 * (JPEG or WebP, 300 KiB) and the first bytes must agree.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, createProvider, phoneJwtClient, randomMobile, server, sharedAdmin } from './helpers';

const BUCKET = 'provider-photos';
const KiB = 1024;

function webp(size = 4000): Buffer {
  const out = Buffer.alloc(size);
  Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1').copy(out);
  for (let i = 16; i < size; i++) out[i] = (i * 31) % 251;
  return out;
}
const stored = (key: string) => existsSync(join(server().dataDir, 'storage', BUCKET, key));

async function startAs(client: SupabaseClient, providerId: string): Promise<{ id: string; path: string }> {
  const { data, error } = await client.rpc('start_photo_upload', { p_provider_id: providerId, p_kind: 'shop' });
  if (error) throw new Error(JSON.stringify(error));
  return (data as { id: string; path: string }[])[0]!;
}

let owner: SupabaseClient;
let providerId: string;
beforeAll(async () => {
  const p = await createProvider();
  providerId = p.id;
  owner = phoneJwtClient(p.mobile);
});

test('the owner uploads the photo and its thumbnail to the path the database gave, once; anyone reads it by that path', async () => {
  const { path } = await startAs(owner, providerId);
  const up = await owner.storage.from(BUCKET).upload(path, webp(), { contentType: 'image/webp' });
  expect(up.error).toBeNull();
  const upT = await owner.storage.from(BUCKET).upload(`${path}_t`, webp(900), { contentType: 'image/webp' });
  expect(upT.error).toBeNull();
  expect(stored(path) && stored(`${path}_t`)).toBe(true);
  // No replacing: not by upsert, not by update().
  const again = await owner.storage.from(BUCKET).upload(path, webp(), { contentType: 'image/webp', upsert: true });
  expect(again.error).toMatchObject({ statusCode: '403' });
  const upd = await owner.storage.from(BUCKET).update(path, webp(), { contentType: 'image/webp' });
  expect(upd.error).toMatchObject({ statusCode: '403' });
  const res = await fetch(`${server().url}/storage/v1/object/public/${BUCKET}/${path}`);
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/webp']);
});

test('anon, another phone and the owner at another path are refused (403) and nothing is written', async () => {
  const { path } = await startAs(owner, providerId);
  const other = phoneJwtClient(randomMobile());
  const attempts: [SupabaseClient, string][] = [
    [anonClient(), path],
    [other, path],
    [owner, `${providerId}/${randomUUID()}`],
    [owner, `${path}_big`],
  ];
  for (const [client, key] of attempts) {
    const r = await client.storage.from(BUCKET).upload(key, webp(), { contentType: 'image/webp' });
    expect(r.error).toMatchObject({ statusCode: '403' });
    expect(stored(key)).toBe(false);
  }
  // The ad buckets stay the operator's.
  const ad = await owner.storage.from('ads-images').upload(`x/${randomUUID()}.webp`, webp(), { contentType: 'image/webp' });
  expect(ad.error).toMatchObject({ statusCode: '403' });
});

test('the bucket refuses PNG, a non-image declared as WebP (415) and more than 300 KiB (413)', async () => {
  const { path } = await startAs(owner, providerId);
  const png = await owner.storage.from(BUCKET).upload(path, webp(), { contentType: 'image/png' });
  expect(png.error).toMatchObject({ statusCode: '415' });
  const text = await owner.storage.from(BUCKET).upload(path, Buffer.from('not a photo at all, just words'), { contentType: 'image/webp' });
  expect(text.error).toMatchObject({ statusCode: '415' });
  const big = await owner.storage.from(BUCKET).upload(path, webp(300 * KiB + 1), { contentType: 'image/webp' });
  expect(big.error).toMatchObject({ statusCode: '413' });
  expect(stored(path)).toBe(false);
  const ok = await owner.storage.from(BUCKET).upload(path, webp(300 * KiB), { contentType: 'image/webp' });
  expect(ok.error).toBeNull();
});

test('removing: another phone removes nothing; the owner removes their own; the operator removes any', async () => {
  const a = await startAs(owner, providerId);
  const b = await startAs(owner, providerId);
  for (const x of [a, b]) {
    expect((await owner.storage.from(BUCKET).upload(x.path, webp(), { contentType: 'image/webp' })).error).toBeNull();
  }
  const other = phoneJwtClient(randomMobile());
  const none = await other.storage.from(BUCKET).remove([a.path]);
  expect(none.data).toEqual([]);
  expect(stored(a.path)).toBe(true);
  const mine = await owner.storage.from(BUCKET).remove([a.path]);
  expect(mine.data).toEqual([expect.objectContaining({ name: a.path })]);
  expect(stored(a.path)).toBe(false);
  const admin = await sharedAdmin();
  const removed = await admin.rpc('admin_remove_photo', { p_id: b.id, p_reason: 'test' });
  expect(removed.data).toBe(b.path);
  const gone = await admin.storage.from(BUCKET).remove([b.path, `${b.path}_t`]);
  expect(gone.error).toBeNull();
  expect(stored(b.path)).toBe(false);
});
