import { spawn } from 'node:child_process';

/** Runs a command with inherited env, echoing its output, and resolves with its exit code and output. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; capture?: boolean } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...opts.env },
      stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export const buildAll = () => run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
