/**
 * npm run dev: the local backend plus Rspack dev servers (hot reload) for the shell and every
 * remote; each dev server answers /config.json with the backend's URL and key.
 */
import { join } from 'node:path';
import { smsOutboxFile, startLocalSupabase } from '@city/supabase/local';
import { REMOTE_NAMES } from '@city/shared/contracts';
import { run } from './run';
import { printSmsOutbox } from './sms-outbox';

async function main() {
  const dataDir = process.env.SUPABASE_DATA_DIR ?? join(__dirname, '..', 'supabase', '.data', 'local');
  const backend = await startLocalSupabase({ port: Number(process.env.SUPABASE_PORT ?? 54321), dataDir, seed: true });
  console.log(`backend ${backend.url}; shell dev server http://localhost:3000`);
  const stopOutbox = printSmsOutbox(smsOutboxFile(dataDir));
  // Every dev server is a persistent task, and turbo refuses to start unless the concurrency
  // is above their number (the shell + each remote): counted, so a new remote needs no edit here.
  const concurrency = REMOTE_NAMES.length + 2;
  const dev = await run('npx', ['turbo', 'run', 'dev', '--filter=./shell', '--filter=./mf-*', `--concurrency=${concurrency}`], {
    env: { SUPABASE_DATA_DIR: dataDir },
  });
  stopOutbox();
  await backend.stop();
  process.exit(dev.code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
