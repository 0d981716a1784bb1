// Every module's strings, wherever they live: @city/shared's (shared/src/i18n/locales/<lang>/*.json),
// each remote's own namespace (<module>/src/locales/<lang>.json) and the shell server's
// (shell/server/locales). Found by walking the workspaces, so a new module is covered at once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { localeLeaves, localeProblems, NO_LOCALE_PROBLEMS } from '../../testing/locales';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;

/** Every folder named `locales` under a workspace's src/ or server/. */
function localeDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    return entry.name === 'locales' ? [path, ...localeDirs(path)] : localeDirs(path);
  });
}

/** [name, en file, hi file] of each namespace in a locales folder: `en.json` + `hi.json`, or `en/` + `hi/`. */
function pairs(dir: string): [string, string, string][] {
  const name = relative(repoRoot, dir);
  if (existsSync(join(dir, 'en.json')) || existsSync(join(dir, 'hi.json'))) return [[name, join(dir, 'en.json'), join(dir, 'hi.json')]];
  if (!existsSync(join(dir, 'en')) || !statSync(join(dir, 'en')).isDirectory()) return [];
  const files = new Set(
    [...readdirSync(join(dir, 'en')), ...(existsSync(join(dir, 'hi')) ? readdirSync(join(dir, 'hi')) : [])].filter((f) =>
      f.endsWith('.json'),
    ),
  );
  return [...files].map((f) => [`${name}/${f}`, join(dir, 'en', f), join(dir, 'hi', f)]);
}

const read = (file: string): unknown => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const namespaces = workspaces.flatMap((ws) => ['src', 'server'].flatMap((sub) => localeDirs(join(repoRoot, ws, sub)))).flatMap(pairs);

describe('i18n resources of every module', () => {
  it("finds @city/shared's namespaces, each remote's own, and the shell server's", () => {
    const names = namespaces.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['shared/src/i18n/locales/common.json', 'shared/src/i18n/locales/legal.json', 'shell/server/locales']),
    );
    for (const remote of workspaces.filter((ws) => ws.startsWith('mf-'))) expect(names).toContain(`${remote}/src/locales`);
  });

  it.each(namespaces)('%s: every key in both languages, none empty, the same {{variables}}', (_name, en, hi) => {
    expect(existsSync(en) && existsSync(hi)).toBe(true);
    expect(localeProblems(read(en), read(hi))).toEqual(NO_LOCALE_PROBLEMS);
  });

  it.each(namespaces)('%s: Hindi is written in Devanagari', (_name, _en, hi) => {
    const texts = [...localeLeaves(read(hi)).values()].map(String);
    // Most strings are Hindi words; a few may be names, numbers or symbols only.
    expect(texts.filter((t) => /[\u0900-\u097F]/.test(t)).length).toBeGreaterThan(texts.length / 2);
  });
});
