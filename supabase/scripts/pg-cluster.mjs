// A throw-away PostgreSQL cluster (initdb + pg_ctl) for tests and benchmarks.
// Run as root, it runs the server as the `postgres` user (initdb refuses root).
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_PG_BIN = '/usr/lib/postgresql/15/bin';

export function startCluster(pgBin = DEFAULT_PG_BIN) {
  const dir = mkdtempSync(join(tmpdir(), 'city-pg15-'));
  const asRoot = process.getuid?.() === 0;
  let uid = null;
  let gid = null;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (bin, args) => {
    const cmd = asRoot ? 'runuser' : join(pgBin, bin);
    const argv = asRoot ? ['-u', 'postgres', '--', join(pgBin, bin), ...args] : args;
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'], cwd: dir });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // A random port may be taken (another cluster, or the local end of an open connection):
  // pg_ctl then fails to start, and the next try picks another.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = 56000 + Math.floor(Math.random() * 3000);
    try {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
        'start',
      ]);
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already down */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
