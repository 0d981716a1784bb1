/**
 * npm run serve: the production server. The shell's build (shell/dist) served by the same code
 * as `npm start` (shell-site.ts: preview tags, JSON-LD and first reads in the first HTML, the
 * sitemaps), against a real Supabase project, with the remotes on their own static hosts. It
 * starts no backend and serves no remote.
 *
 * Configured by the environment only (serve-config.ts; README.md, "The production server");
 * it refuses to start, one line per problem, exit code 1, when something is missing or wrong.
 * Stateless (only in-memory caches: files, the home page's head, the sitemaps), so any number
 * of instances run behind a load balancer or CDN. SIGTERM (or SIGINT) drains: no new
 * connections, the requests in flight finish, then exit 0 (after SHUTDOWN_GRACE_SECONDS
 * whatever is left is cut).
 */
import { join } from 'node:path';
import { serveConfigFrom } from './serve-config';
import { createShellSite, jsonResponse } from './shell-site';
import { requestLogLine } from './request-log';

/** The shell's build in this checkout (SHELL_DIST may name another). */
const SHELL_DIST = join(__dirname, '..', 'dist');

/** One JSON line on stdout: the request log and the server's own few events share the stream. */
const event = (msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`);

async function main(): Promise<void> {
  const parsed = serveConfigFrom(process.env, SHELL_DIST);
  if (!parsed.ok) {
    for (const problem of parsed.problems) console.error(problem);
    console.error(`npm run serve: not started (${parsed.problems.length} problem(s); see README.md, "The production server")`);
    process.exit(1);
  }
  const { config } = parsed;

  // Computed once: they change only with the environment, i.e. with a restart.
  const configJson = jsonResponse(config.runtimeConfig);
  const remotesJson = jsonResponse(config.remotes);
  const remoteUrls = Object.values(config.remotes);
  const { server } = createShellSite({
    dist: config.dist,
    port: config.port,
    host: config.host,
    supabaseUrl: config.supabaseUrl,
    supabaseAnonKey: config.supabaseAnonKey,
    publicOrigin: config.publicOrigin,
    shellOrigin: config.publicOrigin,
    config: () => configJson,
    remotesJson: () => remotesJson,
    remoteUrls: () => remoteUrls,
    onResponse: (done) => process.stdout.write(`${requestLogLine(done, config.trustProxy)}\n`),
  });
  await server.start();
  event('listening', { port: Number(new URL(server.url).port), host: config.host, publicOrigin: config.publicOrigin });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    event('draining', { signal, graceSeconds: config.shutdownGraceMs / 1000 });
    void server.drain(config.shutdownGraceMs).then(() => {
      event('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
