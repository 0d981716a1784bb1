/**
 * npm start: builds every module, starts the local Supabase-compatible backend with demo data,
 * and serves the composed site: shell on :3000, each remote on its own origin :3001-3005.
 */
import { closeSync, openSync, readSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import { smsOutboxFile, startLocalSupabase } from '@city/supabase/local';
import { Site } from '../shell/server/site';
import { buildAll } from './run';

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

/**
 * Locally no SMS is sent: the backend appends each sign-in code to the outbox file. Prints
 * every line added after start, so the developer sees the code. Returns a stop function.
 */
function printSmsOutbox(file: string): () => void {
  const sizeOf = () => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  let offset = sizeOf();
  let partial = '';
  const readNew = () => {
    const size = sizeOf();
    if (size < offset) offset = 0; // the file was replaced
    if (size === offset) return;
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(size - offset);
      readSync(fd, buf, 0, buf.length, offset);
      offset = size;
      const lines = (partial + buf.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const { phone, code } = JSON.parse(line) as { phone: string; code: string };
          console.log(`  [sms] sign-in code for +${phone}: ${code}  (${file})`);
        } catch {
          /* not a line of ours */
        }
      }
    } finally {
      closeSync(fd);
    }
  };
  watchFile(file, { interval: 500 }, readNew);
  return () => unwatchFile(file);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
