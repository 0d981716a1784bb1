import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@city/shared/contracts';
import { Site } from '../../shell/server/site';
import { StaticServer } from '../../shell/server/static-server';
import { startBackendProcess } from './backend-process';
import { raiseRequestLimits } from './request-limits';
import { resolveChromium } from './chromium';
import { E2E_ALT_REMOTE_PORT, E2E_BACKEND_PORT, E2E_CONTROL_PORT, E2E_SHELL_PORT } from './ports';

const e2eRoot = join(__dirname, '..');
const tmpRoot = join(e2eRoot, '.tmp');

/** Builds the fixture "other build" of mf_directory, used to prove remotes.json drives the page. */
function buildAltDirectory(): string {
  const dir = join(e2eRoot, 'fixtures', 'alt-directory');
  execFileSync(
    process.execPath,
    [join(e2eRoot, '..', 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--mode', 'production'],
    { cwd: dir, stdio: 'pipe' },
  );
  return join(dir, 'dist');
}

export default async function globalSetup() {
  mkdirSync(tmpRoot, { recursive: true });
  const chromePath = await resolveChromium(tmpRoot);
  const altDist = buildAltDirectory();

  const dataDir = join(tmpRoot, `db-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const corsOrigins = Array.from({ length: 12 }, (_, i) => [
    `http://localhost:${E2E_SHELL_PORT + i}`,
    `http://127.0.0.1:${E2E_SHELL_PORT + i}`,
  ]).flat();
  let backend = await startBackendProcess({ port: E2E_BACKEND_PORT, dataDir, corsOrigins });
  // All of the suites' clients share 127.0.0.1: the database's per-address limits are raised
  // (they live in the data dir, so a restarted backend keeps them).
  await raiseRequestLimits(backend);
  // Same port and data dir: the data survives, and the keys too (the JWT secret lives in the data dir).
  const restartBackend = async () => {
    if (backend.alive) return;
    const next = await startBackendProcess({ port: E2E_BACKEND_PORT, dataDir, corsOrigins });
    if (next.anonKey !== backend.anonKey) throw new Error('the restarted backend has another anon key');
    backend = next;
  };

  const site = new Site({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, shellPort: E2E_SHELL_PORT });
  await site.start();
  const alt = new StaticServer({ root: altDist, port: E2E_ALT_REMOTE_PORT });
  await alt.start();
  const defaults = site.manifest;

  // The tests' handle on the deployments: stop/start a remote, repoint remotes.json, break config.
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      try {
        const { action, remote, url, target } = JSON.parse(body || '{}') as {
          action: string;
          remote?: RemoteName;
          url?: string;
          target?: string;
        };
        if (remote && !REMOTE_NAMES.includes(remote)) throw new Error(`unknown remote ${remote}`);
        switch (action) {
          case 'stopRemote':
            await site.remotes[remote!].stop();
            break;
          case 'startRemote':
            await site.remotes[remote!].start();
            break;
          case 'setRemoteEntry':
            site.setRemoteEntry(remote!, url === 'alt' ? `${alt.url}/mf-manifest.json` : url!);
            break;
          case 'breakFile': {
            const broken =
              url === 'missing'
                ? () => ({ status: 404, type: 'text/plain', body: 'Not found' })
                : () => ({ type: 'application/json', body: url === 'malformed' ? '{ not json' : '{"supabaseUrl": 42}' });
            if (target === 'config') site.overrideConfig(broken);
            else site.overrideRemotes(broken);
            break;
          }
          case 'killBackend':
            await backend.kill();
            break;
          case 'startBackend':
            await restartBackend();
            break;
          case 'reset':
            await restartBackend();
            site.overrideConfig(null);
            site.overrideRemotes(null);
            for (const name of REMOTE_NAMES) {
              site.setRemoteEntry(name, defaults[name]);
              await site.remotes[name].start();
            }
            break;
          default:
            throw new Error(`unknown action ${action}`);
        }
        res.writeHead(204).end();
      } catch (e) {
        res.writeHead(400).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => control.listen(E2E_CONTROL_PORT, '127.0.0.1', () => r()));

  Object.assign(process.env, {
    CHROME_PATH: chromePath,
    E2E_BASE_URL: site.url,
    E2E_SUPABASE_URL: backend.url,
    E2E_ANON_KEY: backend.anonKey,
    E2E_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    E2E_CONTROL_URL: `http://127.0.0.1:${E2E_CONTROL_PORT}`,
    E2E_DATA_DIR: dataDir,
  });

  return async () => {
    await new Promise<void>((r) => control.close(() => r()));
    await alt.stop();
    await site.stop();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
