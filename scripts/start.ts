/**
 * npm start: builds every module, starts the local Supabase-compatible backend with demo data,
 * and serves the composed site: shell on :3000, each remote on its own origin :3001-3005.
 */
import { join } from 'node:path';
import { smsOutboxFile, startLocalSupabase } from '@city/supabase/local';
import { Site } from '../shell/server/site';
import { buildAll } from './run';
import { printSmsOutbox } from './sms-outbox';

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = await buildAll();
    if (build.code !== 0) process.exit(build.code);
  }
  const dataDir = process.env.SUPABASE_DATA_DIR ?? join(__dirname, '..', 'supabase', '.data', 'local');
  const backend = await startLocalSupabase({
    port: Number(process.env.SUPABASE_PORT ?? 54321),
    dataDir,
    seed: true,
  });
  const stopOutbox = printSmsOutbox(smsOutboxFile(dataDir));
  const site = new Site({
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    shellPort: Number(process.env.PORT ?? 3000),
    // The address visitors use (behind a proxy or tunnel): link previews point there.
    ...(process.env.PUBLIC_ORIGIN ? { publicOrigin: process.env.PUBLIC_ORIGIN } : {}),
  });
  await site.start();
  console.log(
    `\n  City Services is running: ${site.url}  (backend ${backend.url})\n  Admin: npm run admin:create -- --email you@example.in --password '...'\n  Stop with Ctrl+C.\n`,
  );
  const stop = async () => {
    stopOutbox();
    await site.stop();
    await backend.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
