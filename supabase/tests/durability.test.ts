/**
 * Durability: the server (PGlite, own folder) is killed with SIGKILL right after
 * answering writes; started again on the same folder it has every committed row,
 * and the lockfile the killed process left behind does not block the restart.
 * (A lock whose pid was reused, and a kill during a stuck statement: stall-attacks.test.ts.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { phoneToken } from '../bench/write-load-core';
import { call, startChildServer } from './child-server';
import { randomMobile } from './helpers';

const JWT_SECRET = `durability-secret-${Math.random().toString(36).slice(2)}-padding-padding`;
/** Headers of a signed-in phone (a session as GoTrue signs one after a code). */
const asPhone = (mobile = randomMobile()) => ({ Authorization: `Bearer ${phoneToken(JWT_SECRET, mobile)}` });

async function countRows(s: { url: string; serviceRoleKey: string }, table: string, filter: string): Promise<number> {
  const r = await call(s, s.serviceRoleKey, `/rest/v1/${table}?select=provider_id&limit=0&${filter}`, {
    headers: { Prefer: 'count=exact' },
  });
  expect([200, 206]).toContain(r.status);
  return Number(r.headers.get('content-range')!.split('/')[1]);
}

test('every write answered 2xx before a SIGKILL is there after the restart; the stale lock does not block it', async () => {
  const first = await startChildServer({ args: ['--no-seed', '--rate-limits', 'off'], env: { JWT_SECRET } });
  let second: Awaited<ReturnType<typeof startChildServer>> | undefined;
  try {
    const p = await call(first, first.serviceRoleKey, '/rest/v1/service_providers', {
      method: 'POST',
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: {
        name: 'Durable Provider',
        mobile: '9876511111',
        category: '🔧 प्लंबर',
        address: 'Sadar, Sitapur',
        experience: 4,
        status: 'approved',
      },
    });
    expect(p.status).toBe(201);
    const providerId = (p.json as { id: string }).id;

    // Concurrent visitor writes (the one-row functions, a signed-in phone each), each committed when its 2xx arrives.
    const writes = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        call(first, first.anonKey, '/rest/v1/rpc/add_review', {
          method: 'POST',
          headers: asPhone(),
          body: { p_provider_id: providerId, p_review_text: `समीक्षा ${i}: अच्छा काम` },
        }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        call(first, first.anonKey, '/rest/v1/rpc/rate_provider', {
          method: 'POST',
          headers: asPhone(),
          body: { p_provider_id: providerId, p_rating: (i % 5) + 1 },
        }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        call(first, first.anonKey, '/rest/v1/rpc/register_provider', {
          method: 'POST',
          headers: asPhone(`98765222${String(i).padStart(2, '0')}`),
          body: {
            p_name: `पंजीकरण ${i}`,
            p_category: '🔧 प्लंबर',
            p_address: 'Sitapur',
            p_experience: i,
          },
        }),
      ),
    ]);
    expect(writes.map((w) => w.status)).toEqual([
      ...Array<number>(20).fill(200),
      ...Array<number>(20).fill(204),
      ...Array<number>(5).fill(200),
    ]);

    // Crash: no clean close, no chance to flush or remove the lock.
    const pid = first.child.pid!;
    await first.stop('SIGKILL');
    const lock = join(first.dataDir, 'server.lock');
    expect(existsSync(lock)).toBe(true);
    // The lock names its process by pid and start time, so a reused pid is not mistaken for it.
    const held = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number; started: string | null };
    expect(held.pid).toBe(pid);
    expect(held.started).toMatch(/\S/);

    // Restarted at once, on the folder the killed process left (its PGlite worker died with it).
    second = await startChildServer({ dataDir: first.dataDir, args: ['--no-seed', '--rate-limits', 'off'], env: { JWT_SECRET } });
    expect((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid).toBe(second.child.pid);
    expect(await countRows(second, 'reviews', `provider_id=eq.${providerId}`)).toBe(20);
    expect(await countRows(second, 'service_ratings', `provider_id=eq.${providerId}`)).toBe(20);
    const regs = await call(second, second.serviceRoleKey, '/rest/v1/service_providers?select=name,mobile&status=eq.pending&order=name');
    expect(regs.json).toEqual(
      Array.from({ length: 5 }, (_, i) => ({ name: `पंजीकरण ${i}`, mobile: `98765222${String(i).padStart(2, '0')}` })),
    );
    const avg = await call(second, second.anonKey, '/rest/v1/service_providers?select=rating_count,avg_rating&id=eq.' + providerId);
    expect(avg.json).toEqual([{ rating_count: 20, avg_rating: 3 }]);
    // And it still takes writes.
    const after = await call(second, second.anonKey, '/rest/v1/rpc/add_review', {
      method: 'POST',
      headers: asPhone(),
      body: { p_provider_id: providerId, p_review_text: 'after restart' },
    });
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ provider_id: providerId, review_text: 'after restart' });
    // (the old direct insert stays refused)
    expect(
      (await call(second, second.anonKey, '/rest/v1/reviews', { method: 'POST', body: { provider_id: providerId, review_text: 'direct' } }))
        .status,
    ).toBe(401);
    expect(await countRows(second, 'reviews', `provider_id=eq.${providerId}`)).toBe(21);
  } finally {
    await first.stop('SIGKILL');
    await second?.stop();
  }
}, 180_000);
