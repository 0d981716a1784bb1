/**
 * Checks docs/adding-a-module.md by doing it: the page is the list of steps. Each code block
 * of the page with a marker (`file=PATH`, or `edit=PATH after="TEXT"` / `replace="TEXT"`) is
 * applied, in order, to a copy of the platform (shared, the shell, the e2e harness) in a
 * git-ignored folder, .tmp/adding-a-module-*, which is deleted afterwards. Then the result must
 * type-check (the new remote, the shell, the e2e specs and a file of contract assertions), read
 * right at run time (route manifest, remotes.json), pass the remote's own jest tests, and build
 * with the shared preset into an mf-manifest.json that exposes the module.
 *
 *   npx tsx scripts/check-adding-a-module.ts [--keep]
 *
 * In `npm test`: shared/build/__tests__/adding-a-module.test.ts runs it. The page's steps are
 * the only source: change the page and this check follows (or says where the page drifted).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPO_ROOT = join(__dirname, '..');
const DOC = 'docs/adding-a-module.md';

/** The throw-away remote the page walks through; the assertions below name it. */
const EXAMPLE = {
  folder: 'mf-example',
  remote: 'mf_example',
  expose: './Example',
  moduleId: 'mf_example/Example',
  routeId: 'example',
  path: '/example',
} as const;

/** One marked code block of the page. */
export interface DocStep {
  /** Line of the block's opening fence (1-based), for messages. */
  line: number;
  /** File it writes or edits, relative to the repository root. */
  path: string;
  kind: 'file' | 'after' | 'replace';
  /** `after` / `replace`: text found in exactly one line of the file. */
  anchor: string | null;
  body: string;
}

/** The page no longer matches the code (or a marker is malformed): says where. */
export class DocDriftError extends Error {
  constructor(line: number, message: string) {
    super(`${DOC}:${line}: ${message}`);
    this.name = 'DocDriftError';
  }
}

/** key=value, key="value with spaces" or key='value with "quotes"' in a fence's info string. */
function attributes(info: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of info.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) out[m[1]!] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/** The marked code blocks of a markdown page, in order (fences at the start of a line). */
export function parseSteps(markdown: string): DocStep[] {
  const steps: DocStep[] = [];
  const lines = markdown.split('\n');
  let open: { line: number; fence: string; info: string; body: string[] } | null = null;
  lines.forEach((text, i) => {
    if (!open) {
      const start = /^(`{3,})(.*)$/.exec(text);
      if (start) open = { line: i + 1, fence: start[1]!, info: start[2]!, body: [] };
      return;
    }
    if (text.trim() === open.fence || (text.startsWith(open.fence) && /^`+\s*$/.test(text))) {
      const attrs = attributes(open.info);
      if (attrs.file !== undefined || attrs.edit !== undefined) {
        if (attrs.file !== undefined && attrs.edit !== undefined)
          throw new DocDriftError(open.line, 'a block is either file= or edit=, not both');
        const body = open.body.join('\n');
        if (attrs.file !== undefined) {
          steps.push({ line: open.line, path: attrs.file, kind: 'file', anchor: null, body });
        } else {
          const kind = attrs.after !== undefined ? 'after' : attrs.replace !== undefined ? 'replace' : null;
          if (!kind) throw new DocDriftError(open.line, `edit=${attrs.edit} needs after="TEXT" or replace="TEXT"`);
          steps.push({ line: open.line, path: attrs.edit!, kind, anchor: (kind === 'after' ? attrs.after : attrs.replace)!, body });
        }
      }
      open = null;
      return;
    }
    open.body.push(text);
  });
  if (open) throw new DocDriftError((open as { line: number }).line, 'code block never closed');
  return steps;
}

/** Applies one step under `root`; a file an edit needs is first copied from the repository. */
export function applyStep(root: string, step: DocStep, repoRoot: string = REPO_ROOT): void {
  if (step.path.startsWith('/') || step.path.split('/').includes('..'))
    throw new DocDriftError(step.line, `${step.path}: paths are relative to the repository root`);
  const target = join(root, step.path);
  mkdirSync(dirname(target), { recursive: true });
  if (step.kind === 'file') {
    writeFileSync(target, `${step.body}\n`);
    return;
  }
  if (!existsSync(target)) {
    const source = join(repoRoot, step.path);
    if (!existsSync(source)) throw new DocDriftError(step.line, `edits ${step.path}, which does not exist`);
    cpSync(source, target);
  }
  const lines = readFileSync(target, 'utf8').split('\n');
  const hits = lines.flatMap((text, i) => (text.includes(step.anchor!) ? [i] : []));
  if (hits.length !== 1) {
    throw new DocDriftError(
      step.line,
      `${JSON.stringify(step.anchor)} is in ${hits.length} lines of ${step.path}, not in exactly one: the page has drifted from the code (update its marker and block)`,
    );
  }
  const at = hits[0]!;
  lines.splice(step.kind === 'after' ? at + 1 : at, step.kind === 'after' ? 0 : 1, ...step.body.split('\n'));
  writeFileSync(target, lines.join('\n'));
}

/** What the page's steps need around them: the platform and the programs that consume it. */
const COPIED = [
  'package.json',
  'tsconfig.base.json',
  'shared',
  'shell/package.json',
  'shell/tsconfig.json',
  'shell/src',
  'shell/server',
  'shell/scripts',
  'shell/public',
  'e2e/package.json',
  'e2e/harness',
  'e2e/fixtures/test.ts',
  'e2e/tests/shell-remotes.spec.ts',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.turbo', 'coverage']);

function makeSandbox(): string {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  // Inside the repository (git-ignored), so react, rspack, jest... resolve from its node_modules.
  const root = mkdtempSync(join(REPO_ROOT, '.tmp', 'adding-a-module-'));
  for (const path of COPIED) {
    cpSync(join(REPO_ROOT, path), join(root, path), { recursive: true, filter: (src) => !SKIPPED_FOLDERS.has(src.split(sep).pop()!) });
  }
  // '@city/shared' is this copy (with the page's contract edits), as the workspace link is in the repo.
  mkdirSync(join(root, 'node_modules', '@city'), { recursive: true });
  symlinkSync(join('..', '..', 'shared'), join(root, 'node_modules', '@city', 'shared'), 'dir');
  return root;
}

/** Type assertions about the example against the edited contracts (a small file of its own). */
function contractAssertions(): string {
  const { remote, expose, moduleId, routeId, folder } = EXAMPLE;
  return `import type { ComponentType } from 'react';
import type { RemoteModules, RemoteName, RouteId, RouteModule } from '@city/shared/contracts';
import Exposed from '../${folder}/src/${expose.slice(2).toLowerCase()}';

// A container the shell knows (remotes.json, the serving layer, the harness).
export const name: RemoteName = '${remote}';
// Its exposed module takes exactly the contract's props.
export const component: ComponentType<RemoteModules['${moduleId}']> = Exposed;
// The route manifest accepts it as a page's module...
export const module: RouteModule = { remote: '${remote}', expose: '${expose}' };
// ...and refuses a module the contract does not list.
// @ts-expect-error: not a module ${remote} exposes
export const refused: RouteModule = { remote: '${remote}', expose: './NotExposed' };
export const route: RouteId = '${routeId}';
`;
}

function run(label: string, cmd: string, args: string[], cwd: string): void {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' } });
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`ok  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function main() {
  const keep = process.argv.includes('--keep');
  const steps = parseSteps(readFileSync(join(REPO_ROOT, DOC), 'utf8'));
  check(steps.length > 0, `${DOC} has no marked code blocks`);
  const root = makeSandbox();
  const bin = (name: string) => join(REPO_ROOT, 'node_modules', '.bin', name);
  const started = Date.now();
  try {
    for (const step of steps) applyStep(root, step);
    console.log(`ok  ${steps.length} steps of ${DOC} applied in ${relative(REPO_ROOT, root)}`);
    const exampleDir = join(root, EXAMPLE.folder);
    check(
      existsSync(join(exampleDir, 'package.json')),
      `${DOC} no longer creates ${EXAMPLE.folder}/package.json (the assertions here name ${EXAMPLE.remote})`,
    );

    // Types: the remote, the shell (a page per route, a port per remote), the e2e specs the page
    // touched, and the contract assertions.
    mkdirSync(join(root, 'check'));
    writeFileSync(join(root, 'check', 'contracts.ts'), contractAssertions());
    const e2eFiles = steps.map((s) => s.path).filter((p) => p.startsWith('e2e/') && /\.tsx?$/.test(p));
    const include = [
      `${EXAMPLE.folder}/src/**/*`,
      `${EXAMPLE.folder}/rspack.config.ts`,
      'shell/src/**/*',
      'shell/server/**/*',
      'e2e/harness/**/*.ts',
      'e2e/fixtures/test.ts',
      'e2e/tests/shell-remotes.spec.ts',
      ...e2eFiles,
      'check/**/*.ts',
    ];
    writeFileSync(
      join(root, 'tsconfig.check.json'),
      JSON.stringify({ extends: './tsconfig.base.json', include: [...new Set(include)] }, null, 2),
    );
    run('tsc: the remote, the shell, the e2e specs and the contracts accept it', bin('tsc'), ['-p', 'tsconfig.check.json'], root);

    // Run time: the route manifest and remotes.json, as the shell reads them.
    // The copy's contracts, with the page's edits (typed loosely: the repository's lack the example).
    const contracts = (await import(pathToFileURL(join(root, 'shared', 'src', 'contracts', 'index.ts')).href)) as {
      REMOTE_NAMES: readonly string[];
      matchRoute(pathname: string): { id: string; module: { remote: string; expose: string } | null };
      parseRemotesManifest(json: unknown): Record<string, string>;
    };
    check(contracts.REMOTE_NAMES.includes(EXAMPLE.remote), `REMOTE_NAMES lacks ${EXAMPLE.remote}`);
    const route = contracts.matchRoute(EXAMPLE.path);
    check(
      route.id === EXAMPLE.routeId && route.module?.remote === EXAMPLE.remote && route.module.expose === EXAMPLE.expose,
      `${EXAMPLE.path} is matched by route ${route.id}, not ${EXAMPLE.routeId} rendering ${EXAMPLE.moduleId}`,
    );
    const manifest = contracts.parseRemotesManifest(JSON.parse(readFileSync(join(root, 'shell', 'public', 'remotes.json'), 'utf8')));
    check(manifest[EXAMPLE.remote], `remotes.json has no ${EXAMPLE.remote}`);
    console.log(`ok  the route manifest sends ${EXAMPLE.path} to ${EXAMPLE.moduleId}; remotes.json has it`);

    // The remote's own tests, with the one jest preset.
    run(`jest: ${EXAMPLE.folder}'s tests`, bin('jest'), ['--ci', '--silent'], exampleDir);

    // The build, with the shared preset: a container exposing the module.
    run(`rspack build of ${EXAMPLE.folder} with the shared preset`, bin('rspack'), ['build', '--mode', 'production'], exampleDir);
    const dist = join(exampleDir, 'dist');
    const built = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as {
      name: string;
      exposes: { path: string; assets: { js: { sync: string[] } } }[];
      shared: { name: string; requiredVersion: string }[];
    };
    check(built.name === EXAMPLE.remote, `mf-manifest.json names ${built.name}, not ${EXAMPLE.remote}`);
    const exposed = built.exposes.find((e) => e.path === EXAMPLE.expose);
    check(
      exposed,
      `mf-manifest.json does not expose ${EXAMPLE.expose} (it exposes ${built.exposes.map((e) => e.path).join(', ') || 'nothing'})`,
    );
    check(
      exposed.assets.js.sync.length > 0 && exposed.assets.js.sync.every((f) => existsSync(join(dist, f))),
      `${EXAMPLE.expose}'s chunks are missing from dist/`,
    );
    check(existsSync(join(dist, 'remoteEntry.js')), 'no remoteEntry.js');
    const declared = (JSON.parse(readFileSync(join(exampleDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies['@city/shared'];
    check(
      built.shared.find((s) => s.name === '@city/shared')?.requiredVersion === declared,
      `@city/shared is not asked for at the declared range ${declared}`,
    );
    console.log(`ok  mf-manifest.json: ${EXAMPLE.remote} exposes ${EXAMPLE.expose}, asks for @city/shared ${declared}`);
    console.log(`\n${DOC} checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    if (keep) console.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
