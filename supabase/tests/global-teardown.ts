import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const child = globalThis.__CITY_SERVER__;
  const info = process.env.TEST_SUPABASE ? (JSON.parse(process.env.TEST_SUPABASE) as { dataDir: string }) : null;
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  child?.stdout?.destroy();
  child?.stderr?.destroy();
  if (info) rmSync(info.dataDir, { recursive: true, force: true });
}
