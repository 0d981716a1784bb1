import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../remotes';

// Each remote adds its own i18n namespace when it loads (src/locales/index.ts: addNamespace), so
// it ships new strings without the shell. That holds only if it renders nothing but its own
// namespace and the platform's `common`: a remote using another remote's namespace would show
// keys whenever that one had not loaded (or had been redeployed without the key), and the shell
// using a remote's namespace would depend on a deployment it does not control. Read from the
// sources, so this cannot fall behind.

const repoRoot = join(__dirname, '..', '..', '..', '..');
// @city/shared's own: common and legal, and the place picker's (its subpath `places`, which the
// shell's place dialog renders too).
const PLATFORM_NAMESPACES = ['common', 'legal', 'places'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const folderOf = (remote: RemoteName) => join(repoRoot, remote.replace(/_/g, '-'));

/**
 * The namespaces a remote adds: addNamespace('<ns>', ...) in its src/locales/index.ts, and in
 * src/locales/<part>/index.ts for strings that ship in a chunk of their own (the profile's
 * report dialog).
 */
function namespacesAddedBy(remote: RemoteName): string[] {
  const root = join(folderOf(remote), 'src', 'locales');
  if (!existsSync(root)) return [];
  const files = [
    join(root, 'index.ts'),
    ...readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== '__tests__')
      .map((e) => join(root, e.name, 'index.ts')),
  ];
  return files
    .filter(existsSync)
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/addNamespace\(\s*['"]([\w-]+)['"]/g)].map((m) => m[1]!));
}

const ownNamespaces = new Map(REMOTE_NAMES.map((r) => [r, namespacesAddedBy(r)] as const));
const known = new Set<string>([...PLATFORM_NAMESPACES, ...[...ownNamespaces.values()].flat()]);

/** Namespaces named in useTranslation(...), getFixedT(..., 'ns'), { ns: '...' } or a 'ns:key'. */
function namespacesUsedIn(dirs: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, args] of text.matchAll(/(?:useTranslation|getFixedT)\(([^)]*)\)/g)) {
      for (const [, ns] of (args ?? '').matchAll(/['"]([\w-]+)['"]/g)) used.add(ns!);
    }
    for (const [, ns] of text.matchAll(/\bns:\s*['"]([\w-]+)['"]/g)) used.add(ns!);
    for (const [, ns] of text.matchAll(/['"`]([\w-]+):[\w.]/g)) if (known.has(ns!)) used.add(ns!);
  }
  return used;
}

describe('i18n namespaces of each module', () => {
  it.each(REMOTE_NAMES)('%s adds namespaces of its own, which no other remote adds', (remote) => {
    const mine = ownNamespaces.get(remote) ?? [];
    expect(mine.length).toBeGreaterThan(0);
    for (const ns of mine) {
      expect([...ownNamespaces].filter(([, other]) => other.includes(ns)).map(([r]) => r)).toEqual([remote]);
      expect(PLATFORM_NAMESPACES).not.toContain(ns);
    }
  });

  it.each(REMOTE_NAMES)('%s renders only its own namespace and common', (remote) => {
    const used = [...namespacesUsedIn([join(folderOf(remote), 'src')])].sort();
    expect(used.filter((ns) => !(ownNamespaces.get(remote) ?? []).includes(ns) && ns !== 'common')).toEqual([]);
  });

  it("the shell renders only the platform's namespaces, never a remote's", () => {
    const used = namespacesUsedIn(['src', 'server'].map((d) => join(repoRoot, 'shell', d)));
    expect([...used].filter((ns) => !PLATFORM_NAMESPACES.includes(ns))).toEqual([]);
  });
});
