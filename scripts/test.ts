/**
 * npm test: everything, in order, stopping at the first red step: lint (ESLint, then Prettier's
 * check), types, unit and component tests (every workspace), backend integration (PGlite, and
 * PostgreSQL 15 when installed), production builds, then e2e in Chromium. Ends with one
 * "N passed, N failed" line, where lint counts as one (passed or failed).
 */
import { buildAll, run } from './run';

interface Step {
  name: string;
  /** Run in order; the step fails with the first that fails. */
  commands: [cmd: string, args: string[]][];
  /** A check that has no tests of its own to count (lint): one passed, or one failed. */
  countsAsOne?: boolean;
}

const steps: Step[] = [
  {
    name: 'lint',
    commands: [
      ['npm', ['run', 'lint']],
      ['npm', ['run', 'format:check']],
    ],
    countsAsOne: true,
  },
  {
    name: 'typecheck',
    commands: [
      ['npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
      // The root scripts (bench, deploy check, start, this file) belong to no workspace.
      ['npx', ['tsc', '-p', 'tsconfig.scripts.json']],
    ],
  },
  {
    name: 'unit + backend integration',
    commands: [['npx', ['turbo', 'run', 'test', '--concurrency=1', '--output-logs=full', '--filter=!@city/e2e']]],
  },
  { name: 'e2e', commands: [['npm', ['run', 'test', '-w', '@city/e2e']]] },
];

/** Sums jest's "Tests: 2 failed, 25 passed" and Playwright's "12 passed" / "1 failed" lines. */
function count(output: string): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const line of output.split('\n')) {
    // turbo prefixes each line with "@city/pkg:test: ".
    const jest = /(?:^|: )\s*Tests:\s+(.*)$/.exec(line);
    const pw = /^\s+(\d+) (passed|failed|flaky)( \(|$)/.exec(line);
    if (jest) {
      passed += Number(/(\d+) passed/.exec(jest[1]!)?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(jest[1]!)?.[1] ?? 0);
    } else if (pw) {
      if (pw[2] === 'passed') passed += Number(pw[1]);
      else failed += Number(pw[1]);
    }
  }
  return { passed, failed };
}

async function main() {
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  for (const step of steps) {
    console.log(`\n=== ${step.name} ===`);
    if (step.name === 'e2e') {
      const build = await buildAll();
      if (build.code !== 0) {
        console.log(`\n${passed} passed, ${failed + 1} failed`);
        process.exit(1);
      }
    }
    let code = 0;
    let output = '';
    for (const [cmd, args] of step.commands) {
      const result = await run(cmd, args, { capture: true });
      output += result.output;
      code = result.code;
      if (code !== 0) break;
    }
    const c = step.countsAsOne ? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 } : count(output);
    passed += c.passed;
    failed += c.failed;
    if (code !== 0) {
      console.log(`\nstep "${step.name}" failed (exit ${code})`);
      console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
      process.exit(code);
    }
  }
  console.log(`\nall green in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
}

void main();
