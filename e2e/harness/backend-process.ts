import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { readServerInfo } from '@city/supabase/local/server-info';

const repoRoot = join(__dirname, '..', '..');

/**
 * supabase/config.toml's GoTrue limits lifted the same way (the Supabase CLI's overrides): specs
 * sign the same phone in more than once a minute (60 s code spacing per phone), and the suites
 * send far more than the hourly SMS cap. The database's own per-address limits are raised after
 * start (request-limits.ts).
 */
const LIFTED_AUTH_LIMITS = {
  SUPABASE_AUTH_RATE_LIMIT_SMS_SENT: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
  SUPABASE_AUTH_SMS_MAX_FREQUENCY: '0s',
};

export interface BackendProcess {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would: no shutdown code runs. Resolves once it is gone. */
  kill(): Promise<void>;
  /** False once the process has exited. */
  readonly alive: boolean;
}

/**
 * Runs the local Supabase-compatible server in its own process through its CLI, as a real
 * deployment would (and keeps its ESM code out of Playwright's CommonJS loader). Resolves
 * once it has written <dataDir>/server.json for this pid.
 */
export async function startBackendProcess(opts: {
  port: number;
  dataDir: string;
  corsOrigins: string[];
  timeoutMs?: number;
  /**
   * Production settings (the rehearsal): supabase/config.toml's auth limits as they are, not
   * lifted for the suites. The database's own limits are on unless raised after start.
   */
  production?: boolean;
}): Promise<BackendProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'supabase', 'local', 'cli.ts'),
      'serve',
      '--port',
      String(opts.port),
      '--data-dir',
      opts.dataDir,
      '--quiet',
    ],
    {
      cwd: join(repoRoot, 'supabase'),
      env: {
        ...process.env,
        CORS_ORIGINS: opts.corsOrigins.join(','),
        ...(opts.production ? {} : LIFTED_AUTH_LIMITS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d));
  child.stderr?.on('data', (d: Buffer) => (log += d));
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}:\n${log.slice(-4000)}`);
    const info = readServerInfo(opts.dataDir, child.pid);
    if (info) {
      return {
        url: info.url,
        anonKey: info.anonKey,
        serviceRoleKey: info.serviceRoleKey,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
        kill: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
        get alive() {
          return child.exitCode === null && child.signalCode === null;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`backend did not start in time:\n${log.slice(-4000)}`);
}
