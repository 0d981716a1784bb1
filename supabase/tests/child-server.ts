/**
 * A server of its own for one test file: the CLI in a child process on a PGlite
 * folder (fresh unless given), so a test can change its limits or kill it
 * without touching the shared server of the other test files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readServerInfo } from '../local/server-info';
import { freePort } from './free-port';

const PACKAGE_DIR = resolve(__dirname, '..');

export interface ChildServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  child: ChildProcess;
  log(): string;
  /** SIGTERM (clean close) or SIGKILL (crash); resolves when the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'city-supabase-child-'));
}

export async function startChildServer(
  opts: { dataDir?: string; args?: string[]; env?: Record<string, string> } = {},
): Promise<ChildServer> {
  const dataDir = opts.dataDir ?? freshDataDir();
  const port = String(await freePort());
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(PACKAGE_DIR, 'local', 'cli.ts'),
      'serve',
      '--port',
      port,
      '--data-dir',
      dataDir,
      '--quiet',
      ...(opts.args ?? []),
    ],
    {
      cwd: PACKAGE_DIR,
      // Always PGlite in its own folder, whatever the suite's DATABASE_URL.
      env: {
        ...process.env,
        DATABASE_URL: '',
        JWT_SECRET: 'child-server-secret-0123456789-abcdefghijklmnop',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`child server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`child server did not start in time:\n${log}`);
    }
    const info = readServerInfo(dataDir, child.pid);
    if (info) {
      return {
        url: info.url,
        anonKey: info.anonKey,
        serviceRoleKey: info.serviceRoleKey,
        dataDir,
        child,
        log: () => log,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** fetch with the given key as apikey and bearer. */
export async function call(
  s: { url: string },
  key: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const res = await fetch(`${s.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}
