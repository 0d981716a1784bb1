import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_NAMESPACES, BUNDLED_NAMESPACES } from '../../i18n/resources';
import { REMOTE_NAMES, REMOTE_NAMESPACES, type RemoteName } from '../remotes';

// The shell downloads REMOTE_NAMESPACES with each remote and renders it once they are in: a
// namespace a remote uses but does not list would be shown as keys. Read from the remotes'
// source, so the list cannot fall behind.

const repoRoot = join(__dirname, '..', '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Namespaces named in useTranslation(...), getFixedT(..., 'ns'), { ns: '...' } or a 'ns:key'. */
function namespacesUsedBy(remote: RemoteName): Set<string> {
  const used = new Set<string>();
  const known = new Set<string>(BUNDLED_NAMESPACES);
  for (const file of sourceFiles(join(repoRoot, remote.replace(/_/g, '-'), 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, args] of text.matchAll(/(?:useTranslation|getFixedT)\(([^)]*)\)/g)) {
      for (const [, ns] of (args ?? '').matchAll(/['"]([\w-]+)['"]/g)) used.add(ns!);
    }
    for (const [, ns] of text.matchAll(/\bns:\s*['"]([\w-]+)['"]/g)) used.add(ns!);
    for (const [, ns] of text.matchAll(/['"`]([\w-]+):[\w.]/g)) if (known.has(ns!)) used.add(ns!);
  }
  return used;
}

describe('REMOTE_NAMESPACES', () => {
  it.each(REMOTE_NAMES)('%s: lists exactly the namespaces its source uses (besides the base chunk)', (remote) => {
    const base = new Set<string>(BASE_NAMESPACES);
    const used = [...namespacesUsedBy(remote)].filter((ns) => !base.has(ns) || REMOTE_NAMESPACES[remote].includes(ns as never)).sort();
    expect(used).toEqual([...REMOTE_NAMESPACES[remote]].sort());
  });
});
