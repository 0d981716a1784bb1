/**
 * The HTTP front: CORS, API-key/JWT check, and routing to the PostgREST subset
 * (/rest/v1), the GoTrue subset (/auth/v1) and the Storage subset (/storage/v1, storage/).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { IncomingMessage } from 'node:http';
import type { Db } from './db/types.ts';
import { GoTrue } from './auth/gotrue.ts';
import { API_VERSION } from './auth/http.ts';
import { Jwt, JwtError, type JwtClaims } from './jwt.ts';
import { handleRest } from './rest/handler.ts';
import type { ApiRole } from './rest/types.ts';
import { registerStorage } from './storage/routes.ts';
import { restPathOf } from './rest/target.ts';
import type { SchemaCache } from './schema-cache.ts';
import type { ProjectConfig } from './config.ts';
import { clientAddressOf, clientKeyOf, socketAddressOf } from './client-address.ts';

export interface AppOptions {
  db: Db;
  jwt: Jwt;
  schema: () => SchemaCache;
  corsOrigins: string[];
  /** Read-only demo media (the seed's ads), served under /storage/v1/object/public/. */
  mediaDir: string;
  /** Uploaded files (`<data dir>/storage`). */
  storageDir: string;
  /** Public base URL (issuer of user tokens). */
  publicUrl: () => string;
  /** supabase/config.toml (local/config.ts): GoTrue's and Storage's behaviour. */
  config: ProjectConfig;
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For is believed (default 0):
   * the client address of GoTrue's per-address limits and the `cf-connecting-ip` the
   * database sees (REST writes are limited there, by public.check_request).
   */
  trustedProxies?: number;
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Phone sign-in codes are appended here (one JSON line each) instead of being sent by SMS. */
  smsOutboxFile?: string;
  /**
   * Tests only (CLI --test-clock): a clock for the auth server that PUT /local/v1/clock
   * {"advanceSeconds": N} (service_role) moves forward. Absent: the route does not exist.
   */
  testClock?: { offsetMs: number };
}

const API_ROLES = new Set<ApiRole>(['anon', 'authenticated', 'service_role']);

export const DEFAULT_CORS_ORIGINS: string[] = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((p) => [
  `http://localhost:${p}`,
  `http://127.0.0.1:${p}`,
]);

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : null;
}

function restError(
  status: number,
  code: string,
  message: string,
  authenticate = true,
  extra: Record<string, string> = {},
  details: string | null = null,
  hint: string | null = null,
): Response {
  return new Response(JSON.stringify({ code, details, hint, message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(authenticate ? { 'WWW-Authenticate': 'Bearer' } : {}), ...extra },
  });
}

function noApiKey(): Response {
  return new Response(
    JSON.stringify({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }),
    {
      status: 401,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    },
  );
}

export function createApp(opts: AppOptions): Hono {
  const app = new Hono();
  const allowed = new Set(opts.corsOrigins);
  const testClock = opts.testClock;
  const gotrue = new GoTrue(opts.db, opts.jwt, opts.publicUrl, {
    config: opts.config.auth,
    ...(opts.smsOutboxFile ? { outboxFile: opts.smsOutboxFile } : {}),
    ...(testClock ? { now: () => Date.now() + testClock.offsetMs } : {}),
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'authorization',
        'apikey',
        'content-type',
        'x-client-info',
        'prefer',
        'range',
        'range-unit',
        'accept',
        'accept-profile',
        'content-profile',
        'x-supabase-api-version',
        'x-retry-count',
        // storage uploads (supabase-js storage-js)
        'x-upsert',
        'cache-control',
        'content-encoding',
        'x-metadata',
      ],
      exposeHeaders: ['content-range', 'content-location', 'x-supabase-api-version', 'preference-applied', 'retry-after'],
      credentials: true,
      maxAge: 86400,
    }),
  );

  const apiKeyOf = (c: Context): string | null => c.req.header('apikey') ?? c.req.query('apikey') ?? null;
  const socketOf = (c: Context): string | undefined =>
    (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  /** The client's address: the socket's, or behind TRUST_PROXY=N the one N hops back in X-Forwarded-For. */
  const clientAddressOfRequest = (c: Context): string =>
    clientAddressOf(socketOf(c), c.req.header('x-forwarded-for'), opts.trustedProxies ?? 0);
  const clientOfRequest = (c: Context): string => clientKeyOf(clientAddressOfRequest(c));
  /**
   * The request's headers as Supabase's gateway hands them on: Cloudflare (in front of
   * every Supabase project) replaces any `cf-connecting-ip` the client sent with the
   * client's address, and the proxy appends the address it was called from to
   * `x-forwarded-for`. The database reads the client from these (request.headers).
   */
  const gatewayHeaders = (c: Context): Headers => {
    const h = new Headers(c.req.raw.headers);
    h.set('cf-connecting-ip', clientAddressOfRequest(c));
    const socket = socketAddressOf(socketOf(c));
    const xff = h.get('x-forwarded-for');
    h.set('x-forwarded-for', xff && xff.trim() !== '' ? `${xff}, ${socket}` : socket);
    return h;
  };

  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const tooLarge = bodyLimit({
    maxSize: maxBody,
    onError: () => restError(413, 'PGRST413', `Request body larger than ${maxBody} bytes`, false),
  });
  app.use('/rest/v1/*', tooLarge);
  app.use('/auth/v1/*', tooLarge);
  app.use('/local/v1/*', tooLarge);

  app.all('/rest/v1/*', async (c) => {
    const apikey = apiKeyOf(c);
    const token = bearer(c.req.header('authorization')) ?? apikey;
    if (!apikey || !token) return noApiKey();
    let claims: JwtClaims;
    try {
      if (token !== apikey) opts.jwt.verify(apikey);
      claims = opts.jwt.verify(token);
    } catch (e) {
      if (e instanceof JwtError) {
        return e.reason === 'expired' ? restError(401, 'PGRST303', 'JWT expired') : restError(401, 'PGRST301', e.message);
      }
      throw e;
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!API_ROLES.has(role as ApiRole)) {
      return restError(401, 'PGRST301', `JWT role "${role}" is not allowed`);
    }
    const url = new URL(c.req.url);
    const method = c.req.method;
    const path = restPathOf(url.pathname);
    // No limits here: the database's pre-request function (pgrst.db_pre_request) counts
    // writes per phone and per client address, as on the real project.
    const body = method === 'GET' || method === 'HEAD' ? null : await c.req.text();
    const res = await handleRest(
      opts.db,
      opts.schema(),
      {
        method,
        path,
        query: url.searchParams,
        headers: gatewayHeaders(c),
        body,
      },
      // PostgREST puts the role it switched to into the claims.
      { role: role as ApiRole, claims: JSON.stringify({ ...claims, role }) },
    );
    return new Response(res.body, { status: res.status, headers: res.headers });
  });

  app.all('/auth/v1/*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice('/auth/v1/'.length);
    if (path !== 'health') {
      const apikey = apiKeyOf(c);
      if (!apikey) return noApiKey();
      try {
        opts.jwt.verify(apikey);
      } catch {
        return new Response(
          JSON.stringify({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }),
          {
            status: 401,
            headers: { 'Content-Type': 'application/json', 'x-supabase-api-version': API_VERSION },
          },
        );
      }
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? null : await c.req.text();
    const res = await gotrue.handle({
      method,
      path,
      query: url.searchParams,
      headers: c.req.raw.headers,
      body,
      client: clientOfRequest(c),
    });
    return new Response(res.body, { status: res.status, headers: res.headers });
  });

  if (testClock) {
    // Tests only (--test-clock): moves the auth server's clock (code expiry, sends per hour).
    app.put('/local/v1/clock', async (c) => {
      const apikey = apiKeyOf(c);
      const token = bearer(c.req.header('authorization')) ?? apikey;
      if (!apikey || !token) return noApiKey();
      let role: unknown;
      try {
        opts.jwt.verify(apikey);
        role = opts.jwt.verify(token).role;
      } catch {
        return restError(401, 'PGRST301', 'Invalid API key');
      }
      if (role !== 'service_role') return restError(403, '42501', 'only the service_role key may move the clock', false);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return restError(400, 'PGRST102', 'Empty or invalid json', false);
      }
      const s = (body as { advanceSeconds?: unknown } | null)?.advanceSeconds;
      if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 86_400 * 365) {
        return restError(400, 'PGRST100', 'advanceSeconds must be a number of seconds (0 to one year)', false);
      }
      testClock.offsetMs += s * 1000;
      return c.json({ offsetSeconds: testClock.offsetMs / 1000 });
    });
  }

  // Storage: public reads (the demo ads' media and uploaded files), uploads and removals by the operator.
  registerStorage(app, { jwt: opts.jwt, db: opts.db, root: opts.storageDir, mediaDir: opts.mediaDir, config: opts.config.storage });

  app.get('/', (c) => c.json({ name: 'local Supabase-compatible server', rest: '/rest/v1', auth: '/auth/v1' }));
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((err, c) => {
    console.error('[local-supabase] unhandled error:', err);
    return c.json({ code: 'XX000', details: null, hint: null, message: 'internal server error' }, 500);
  });
  return app;
}
