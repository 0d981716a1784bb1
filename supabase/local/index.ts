/**
 * Programmatic API of the local Supabase-compatible server (used by the CLI,
 * the start script and e2e global setup).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { openPostgres } from './db/postgres.ts';
import type { Db } from './db/types.ts';
import { openPglite } from './db/worker-db.ts';
import { Jwt, generateSecret, makeApiKeys } from './jwt.ts';
import { migrate } from './migrate.ts';
import { DEFAULT_DATA_DIR, MEDIA_DIR } from './paths.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { createApp, DEFAULT_CORS_ORIGINS } from './server.ts';
import { seedDatabase } from '../seed/seed.ts';
import { CONFIG_FILE, loadProjectConfig } from './config.ts';

export { DEFAULT_CORS_ORIGINS } from './server.ts';
export { DEFAULT_DATA_DIR } from './paths.ts';

export interface StartOptions {
  port?: number;
  /** Host to listen on (default 127.0.0.1). */
  host?: string;
  /** Folder for the PGlite cluster, the JWT secret and server.json. */
  dataDir?: string;
  /** Use this PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Seed demo data when the database is new. */
  seed?: boolean | { providers?: number };
  /** Allowed browser origins (default: CORS_ORIGINS, else localhost/127.0.0.1 ports 3000-3005). */
  corsOrigins?: string[];
  quiet?: boolean;
  /** JWT secret (default: JWT_SECRET, else kept in <dataDir>/jwt-secret). */
  jwtSecret?: string;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (default: TRUST_PROXY, else 0): the
   * client address for GoTrue's per-address limits and the `cf-connecting-ip` the database
   * sees. The server has no limiter of its own: REST writes are limited by the database
   * (public.check_request), sign-ins and codes by the local GoTrue from config.toml.
   */
  trustedProxies?: number;
  /** Tests only: PUT /local/v1/clock moves the auth server's clock (OTP expiry, send limits). */
  testClock?: boolean;
  /**
   * The project's config.toml (default supabase/config.toml); keys are overridden by
   * SUPABASE_<KEY PATH> environment variables as with the Supabase CLI (see local/config.ts).
   */
  configFile?: string;
}

/** Where phone sign-in codes go locally (no SMS is sent): one JSON line per code. */
export function smsOutboxFile(dataDir: string): string {
  return join(dataDir, 'sms-outbox.jsonl');
}

/** TRUST_PROXY / --trust-proxy: true, false or a number of proxies (0-10). */
export function trustedProxiesFrom(env: string | undefined): number {
  if (!env || env.trim() === '' || env === 'false' || env === '0') return 0;
  if (env === 'true') return 1;
  const n = Number(env);
  if (!Number.isInteger(n) || n < 0 || n > 10)
    throw new Error(`TRUST_PROXY must be true, false or a number of proxies (0-10), not "${env}"`);
  return n;
}

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  stop(): Promise<void>;
}

import { readServerInfo, serverInfoFile, type ServerInfo } from './server-info';

export { readServerInfo, type ServerInfo } from './server-info';

export function readJwtSecret(dataDir: string, fromEnv = process.env.JWT_SECRET): string {
  if (fromEnv && fromEnv.trim() !== '') return fromEnv.trim();
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generateSecret();
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dataDir: opts.dataDir });
}

async function hasNoPublicData(db: Db): Promise<boolean> {
  const r = await db.query<{ empty: boolean }>(
    `select not exists (select 1 from public.service_providers)
        and not exists (select 1 from public.reviews)
        and not exists (select 1 from public.advertisements) as empty`,
  );
  return r.rows[0]?.empty === true;
}

export async function startLocalSupabase(opts: StartOptions = {}): Promise<LocalSupabase> {
  const dataDir = opts.dataDir ?? process.env.SUPABASE_DATA_DIR ?? DEFAULT_DATA_DIR;
  const databaseUrl = opts.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const log = (line: string) => {
    if (!opts.quiet) console.log(`[local-supabase] ${line}`);
  };
  mkdirSync(dataDir, { recursive: true });
  const config = loadProjectConfig(opts.configFile ?? CONFIG_FILE);
  const trustedProxies = opts.trustedProxies ?? trustedProxiesFrom(process.env.TRUST_PROXY);
  const secret = opts.jwtSecret ?? readJwtSecret(dataDir);
  const jwt = new Jwt(secret);
  const { anonKey, serviceRoleKey } = makeApiKeys(jwt);

  const db = await openDatabase({ dataDir, databaseUrl });
  let cache: SchemaCache;
  try {
    const { fresh } = await migrate(db, log);
    // Seed a new database, or one whose public tables are still empty (a first start that
    // was stopped, or one run with --no-seed): there is nothing there that seeding could lose.
    if (opts.seed && (fresh || (await hasNoPublicData(db)))) {
      const providers = typeof opts.seed === 'object' ? opts.seed.providers : undefined;
      const t0 = Date.now();
      const counts = await seedDatabase(db, {
        ...(providers !== undefined ? { providers } : {}),
        mediaBaseUrl: `http://${opts.host ?? '127.0.0.1'}:${opts.port || 54321}`,
      });
      log(
        `seeded ${counts.providers} providers, ${counts.ratings} ratings, ${counts.reviews} reviews, ${counts.ads} ads in ${Date.now() - t0} ms`,
      );
    }
    cache = await db.transaction((tx) => loadSchemaCache(tx));
  } catch (e) {
    await db.close();
    throw e;
  }

  // PostgREST reloads its schema cache and its in-database configuration (the pre-request
  // function, the roles' settings) on `notify pgrst, 'reload schema' | 'reload config'`.
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;
  const reload = (): void => {
    if (reloading) {
      reloadAgain = true;
      return;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        try {
          cache = await db.transaction((tx) => loadSchemaCache(tx));
          log('schema cache and configuration reloaded');
        } catch (e) {
          console.error('[local-supabase] reloading the schema cache failed (the previous one stays):', e);
        }
      } while (reloadAgain);
    })().finally(() => {
      reloading = undefined;
    });
  };
  try {
    await db.onPgrstNotify((payload) => {
      if (['', 'reload schema', 'reload config'].includes(payload.trim().toLowerCase())) reload();
    });
  } catch (e) {
    await db.close();
    throw e;
  }

  let publicUrl = '';
  const app = createApp({
    db,
    jwt,
    config,
    schema: () => cache,
    corsOrigins:
      opts.corsOrigins ??
      (process.env.CORS_ORIGINS
        ? process.env.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : DEFAULT_CORS_ORIGINS),
    mediaDir: MEDIA_DIR,
    storageDir: join(dataDir, 'storage'),
    publicUrl: () => publicUrl,
    trustedProxies,
    smsOutboxFile: smsOutboxFile(dataDir),
    ...(opts.testClock ? { testClock: { offsetMs: 0 } } : {}),
  });
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 54321;
  const server = await new Promise<ReturnType<typeof serve>>((resolveListen, rejectListen) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolveListen(s));
    s.once('error', rejectListen);
  }).catch(async (e: unknown) => {
    await db.close();
    throw e;
  });
  const address = server.address() as AddressInfo;
  publicUrl = `http://${host}:${address.port}`;
  const info: ServerInfo = { url: publicUrl, anonKey, serviceRoleKey, pid: process.pid };
  writeFileSync(serverInfoFile(dataDir), JSON.stringify(info, null, 2) + '\n', { mode: 0o600 });
  log(`listening on ${publicUrl} (${db.kind})`);
  if (trustedProxies) {
    log(`client address from X-Forwarded-For, ${trustedProxies} trusted prox${trustedProxies === 1 ? 'y' : 'ies'}`);
  }

  let stopped: Promise<void> | undefined;
  return {
    url: publicUrl,
    anonKey,
    serviceRoleKey,
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((r) => {
          server.close(() => r());
          const s = server as unknown as { closeAllConnections?: () => void };
          s.closeAllConnections?.();
        });
        await reloading;
        await db.close();
        // Only our own: another server may have started on this folder since.
        if (readServerInfo(dataDir, process.pid)) rmSync(serverInfoFile(dataDir), { force: true });
        log('stopped');
      })();
      return stopped;
    },
  };
}
