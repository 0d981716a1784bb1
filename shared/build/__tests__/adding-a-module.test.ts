/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyStep, DocDriftError, parseSteps, REPO_ROOT, type DocStep } from '../../../scripts/check-adding-a-module';

// docs/adding-a-module.md is the list of steps of scripts/check-adding-a-module.ts: these test
// how the script reads and applies the page, then run it on the page as it is (a throw-away
// mf-example built with this preset), so the page and the code cannot drift apart unnoticed.

const page = (...blocks: string[]) => ['# Title', '', 'Some prose.', '', ...blocks].join('\n');

describe('reading the page', () => {
  it('takes the marked blocks in order, and leaves the others', () => {
    const steps = parseSteps(
      page(
        '```ts file=mf-x/src/a.ts',
        'export const a = 1;',
        '```',
        '```sh',
        'npm install',
        '```',
        `\`\`\`json edit=package.json after='"mf-admin",'`,
        '    "mf-x",',
        '```',
        '```ts edit=shared/src/x.ts replace="export const X ="',
        "export const X = ['a', 'b'];",
        '```',
      ),
    );
    expect(steps).toEqual<DocStep[]>([
      { line: 5, path: 'mf-x/src/a.ts', kind: 'file', anchor: null, body: 'export const a = 1;' },
      { line: 11, path: 'package.json', kind: 'after', anchor: '"mf-admin",', body: '    "mf-x",' },
      { line: 14, path: 'shared/src/x.ts', kind: 'replace', anchor: 'export const X =', body: "export const X = ['a', 'b'];" },
    ]);
  });

  it('keeps a longer fence open across a shorter one inside it', () => {
    const steps = parseSteps(page('````md file=doc.md', '```ts', 'x', '```', '````'));
    expect(steps[0]!.body).toBe('```ts\nx\n```');
  });

  it.each([
    ['file= and edit= together', '```ts file=a.ts edit=b.ts after="x"'],
    ['edit= with no place', '```ts edit=b.ts'],
  ])('refuses a malformed marker: %s', (_case, fence) => {
    expect(() => parseSteps(page(fence, 'x', '```'))).toThrow(DocDriftError);
  });

  it('refuses a block that is never closed', () => {
    expect(() => parseSteps(page('```ts file=a.ts', 'x'))).toThrow(/docs\/adding-a-module\.md:5: code block never closed/);
  });
});

describe('applying a step', () => {
  let root: string;
  let repo: string;
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), 'adding-a-module-test-'));
    root = join(dir, 'sandbox');
    repo = join(dir, 'repo');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src', 'list.ts'), "export const NAMES = ['a'];\n// end\n");
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  const step = (over: Partial<DocStep>): DocStep => ({ line: 7, path: 'src/list.ts', kind: 'after', anchor: '// end', body: '', ...over });
  const read = () => readFileSync(join(root, 'src', 'list.ts'), 'utf8');

  it('writes a file, creating its folders', () => {
    applyStep(root, step({ path: 'mf-x/src/deep/a.ts', kind: 'file', anchor: null, body: 'export {};' }), repo);
    expect(readFileSync(join(root, 'mf-x/src/deep/a.ts'), 'utf8')).toBe('export {};\n');
  });

  it('edits a copy of the repository file: inserts after the anchor line, or replaces it', () => {
    applyStep(root, step({ body: '// more\n// lines' }), repo);
    applyStep(root, step({ kind: 'replace', anchor: 'export const NAMES =', body: "export const NAMES = ['a', 'b'];" }), repo);
    expect(read()).toBe("export const NAMES = ['a', 'b'];\n// end\n// more\n// lines\n");
    expect(readFileSync(join(repo, 'src', 'list.ts'), 'utf8')).toBe("export const NAMES = ['a'];\n// end\n"); // the repository is untouched
  });

  it.each([
    ['is gone', '// the end'],
    ['is in two lines', 'e'],
  ])('says where the page drifted when its anchor %s', (_case, anchor) => {
    expect(() => applyStep(root, step({ anchor }), repo)).toThrow(
      /docs\/adding-a-module\.md:7: .* not in exactly one: the page has drifted/,
    );
  });

  it('refuses a file outside the repository or one that does not exist', () => {
    expect(() => applyStep(root, step({ path: '../x.ts' }), repo)).toThrow(DocDriftError);
    expect(() => applyStep(root, step({ path: 'src/none.ts' }), repo)).toThrow(/edits src\/none\.ts, which does not exist/);
  });
});

test('docs/adding-a-module.md, done step by step, gives a remote that type-checks, passes its tests and builds with this preset', () => {
  // The nested jest must not think it is one of this run's workers.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_')));
  const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [join(REPO_ROOT, 'scripts', 'check-adding-a-module.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
    timeout: 150_000,
  });
  if (result.status !== 0)
    throw new Error(`scripts/check-adding-a-module.ts failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  expect(result.stdout).toMatch(/mf-manifest\.json: mf_example exposes \.\/Example/);
}, 180_000);
