/**
 * Write load on loopback (bounded: 2 phases, 3 x N requests):
 *   npm run bench:writes -w @city/supabase -- [--n 200] [--seed]
 * Starts a server (PGlite, throw-away folder, limits raised for the run) in a
 * child process, fires N ratings (rpc/rate_provider) + N reviews (rpc/add_review)
 * at once, then the same N devices rate again at once; prints req/s, p50, p99 per phase; exits 1
 * if a write was lost (rows counted after) or anything answered 5xx.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { call, startChildServer } from '../tests/child-server.ts';
import { adminToken, raiseRequestLimits } from '../tests/request-limits.ts';
import { formatPhase, runWriteLoad } from './write-load-core.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '200' }, seed: { type: 'boolean', default: false } } });
const n = Number(values.n);
if (!Number.isInteger(n) || n < 1 || n > 2000) {
  console.error('--n must be an integer between 1 and 2000');
  process.exit(2);
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const server = await startChildServer({ args: values.seed ? [] : ['--no-seed'] });
  console.log(`server (PGlite, ${values.seed ? 'seeded' : 'empty'}) up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${server.url}`);
  let code = 0;
  try {
    // Every request comes from 127.0.0.1: the database's per-address write limits
    // (public.check_request) are raised by an admin, as the test servers do.
    const admin = { email: 'bench.admin@test.local', password: 'bench-admin-password-1' };
    const created = await call(server, server.serviceRoleKey, '/auth/v1/admin/users', {
      method: 'POST',
      body: { ...admin, email_confirm: true, app_metadata: { role: 'admin' } },
    });
    if (created.status !== 200) throw new Error(`admin: ${created.status} ${JSON.stringify(created.json)}`);
    await raiseRequestLimits(server, await adminToken(server, admin));
    // Warm-up: prepares the statements once (not measured).
    await runWriteLoad(server, 5);
    const r = await runWriteLoad(server, n);
    for (const p of r.phases) console.log(formatPhase(p));
    console.log(
      `rows after: ratings ${r.counted.ratings}/${r.expected.ratings}, reviews ${r.counted.reviews}/${r.expected.reviews}, rating_count ${r.counted.ratingCount}/${r.expected.ratingCount}, avg ${r.counted.avgRating}/${r.expected.avgRating}`,
    );
    console.log(`5xx: ${r.fiveXx}, non-2xx: ${r.failed}, lost writes: ${r.lost ? 'YES' : 'none'}`);
    if (r.lost || r.fiveXx > 0 || r.failed > 0) code = 1;
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
