/**
 * server.lock in the data folder: one server per PGlite folder. A stale lock (its process
 * died, or its pid now belongs to another process) is taken over.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `server.lock` says about its holder. The pid alone is not enough: after a
 * kill -9 the pid may be reused by an unrelated process, which must not keep the
 * folder locked. The start time (Linux: /proc/<pid>/stat field 22; elsewhere `ps`)
 * tells the holder apart from a later process with the same pid.
 */
interface LockInfo {
  pid: number;
  /** Start time of the holder process as the OS reports it; null when unknown. */
  started: string | null;
  /** Marks the format (anything else in the file is an older bare pid, or garbage). */
  by: 'city-local-supabase';
}

/** Start time of a live process, or null (gone, or no way to tell on this OS). */
function processStartTime(pid: number): string | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces and ")", so count from its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22 of the file: starttime, in clock ticks since boot
  } catch {
    /* no procfs (macOS) or no such process */
  }
  if (process.platform === 'win32' || existsSync('/proc/self/stat')) return null;
  const r = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' });
  const out = r.status === 0 ? r.stdout.trim() : '';
  return out === '' ? null : out;
}

function readLock(file: string): { raw: string; info: LockInfo | null; legacyPid: number | null } {
  const raw = readFileSync(file, 'utf8');
  try {
    const info = JSON.parse(raw) as LockInfo;
    if (info && info.by === 'city-local-supabase' && Number.isInteger(info.pid)) return { raw, info, legacyPid: null };
  } catch {
    /* not JSON: a lock written by an older version (a bare pid), or garbage */
  }
  const pid = /^\s*(\d+)\s*$/.exec(raw);
  return { raw, info: null, legacyPid: pid ? Number(pid[1]) : null };
}

/** The pid of the live server holding the lock, or null when the lock is stale. */
function liveHolder(lock: ReturnType<typeof readLock>): number | null {
  const pid = lock.info?.pid ?? lock.legacyPid;
  if (pid === null || pid <= 0 || pid === process.pid || !processAlive(pid)) return null;
  if (lock.info) {
    const now = processStartTime(pid);
    // Same pid, other start time: the pid was reused by another process after ours died.
    if (lock.info.started !== null && now !== null && now !== lock.info.started) return null;
    return pid;
  }
  // An older lock holds only a pid: believe it only if that process is a Node process.
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /node|tsx/i.test(argv0) ? pid : null;
  } catch {
    return pid; // no procfs: keep the old rule (alive = holder)
  }
}

/** Takes a lockfile in `dir` so two servers cannot open the same PGlite folder. */
export function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  const mine: LockInfo = { pid: process.pid, started: processStartTime(process.pid), by: 'city-local-supabase' };
  const text = JSON.stringify(mine) + '\n';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, text);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let lock: ReturnType<typeof readLock>;
      try {
        lock = readLock(file);
      } catch {
        continue; // removed meanwhile: try again
      }
      const holder = liveHolder(lock);
      if (holder !== null) {
        throw new Error(
          `The database folder ${dir} is in use by process ${holder} (lockfile ${file}). ` +
            'Stop that server first, or use another SUPABASE_DATA_DIR.',
        );
      }
      // Stale (its process died, or the pid now belongs to another process). Remove it only
      // if it is still the file judged stale, not one a concurrent start just wrote.
      try {
        if (readFileSync(file, 'utf8') === lock.raw) rmSync(file, { force: true });
      } catch {
        /* gone */
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
