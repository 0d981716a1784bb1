/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import trimmedShared from '../trimmed-shared.json';

// The lint rules (eslint.config.mjs) that keep imports inside the boundaries and the trimmed
// shared packages (react-router-dom, react-i18next: only the names in trimmed-shared.json).
// ESLint loads its config as an ES module, which jest's module system cannot: a child node
// lints each case and prints what it found.

const repoRoot = join(__dirname, '..', '..', '..');
const RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax', 'city/jsx-no-literal-text']);

interface Case {
  file: string;
  /** One statement per line; the lines that must be reported end with `// ✗`. */
  code: string;
}

const LINT = `
import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.argv[1] });
const out = [];
for (const c of JSON.parse(process.argv[2])) {
  const [result] = await eslint.lintText(c.code, { filePath: c.file });
  out.push(result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message })));
}
console.log(JSON.stringify(out));
`;

function lint(cases: Case[]): { rule: string | null; line: number; message: string }[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT, repoRoot, JSON.stringify(cases)], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { rule: string | null; line: number; message: string }[][];
}

const marked = (code: string) =>
  code
    .split('\n')
    .map((line, i) => (line.endsWith('// ✗') ? i + 1 : 0))
    .filter(Boolean);

const TRIMMED_MISTAKES = `import { Link, useNavigate as go, type NavigateFunction } from 'react-router-dom';
import type { RouteObject, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Outlet as O } from 'react-router-dom'; // ✗
import { Trans } from 'react-i18next'; // ✗
import Router from 'react-router-dom'; // ✗
import * as I18n from 'react-i18next'; // ✗
import { matchPath } from 'react-router'; // ✗
import 'react-router-dom'; // ✗
export { Form } from 'react-router-dom'; // ✗
export * from 'react-i18next'; // ✗
const lazyRouter = import('react-router-dom'); // ✗
const i18nCjs = require('react-i18next'); // ✗`;

const CASES: Case[] = [
  { file: 'mf-directory/src/components/lint-case.tsx', code: TRIMMED_MISTAKES },
  { file: 'shell/src/app/lint-case.ts', code: TRIMMED_MISTAKES },
  { file: 'shared/src/ui/lint-case.ts', code: TRIMMED_MISTAKES },
  {
    file: 'mf-ads/src/components/lint-case.ts',
    code: `import { Button } from '@city/shared';
import { ROUTE_MANIFEST } from '@city/shared/contracts';
import { loadCategoryDetails } from '@city/shared/catalogue/details';
import { Directory } from '@city/mf-directory'; // ✗
import { directory } from '../../../mf-directory/src/directory'; // ✗
import { App } from '@city/shell/src/app/app'; // ✗
import { routes } from '../../../shell/src/app/routes'; // ✗
import { Dialog } from '@city/shared/src/ui/dialog'; // ✗
import { Badge } from '../../../shared/src/ui/badge'; // ✗`,
  },
  {
    file: 'shell/src/pages/lint-case.ts',
    code: `import { ROUTE_MANIFEST } from '@city/shared/contracts';
import { Ads } from '@city/mf-ads'; // ✗
import { directory } from '../../../mf-directory/src/directory'; // ✗
import { i18n } from '../../../shared/src/i18n/instance'; // ✗`,
  },
  {
    file: 'shared/src/api/lint-case.ts',
    code: `import { clean } from '../validation';
import { App } from '@city/shell'; // ✗
import { routes } from '../../../shell/src/app/routes'; // ✗
import { search } from '../../../mf-directory/src/api/search'; // ✗`,
  },
  {
    // The prerender renders the directory from its source at build time: the one exception.
    file: 'shell/prerender/lint-case.ts',
    code: `const directory = () => import('../../mf-directory/src/directory');
import { Badge } from '../../shared/src/ui/badge'; // ✗`,
  },
  {
    // Tests run against the whole packages (jest does not trim).
    file: 'mf-directory/src/components/__tests__/lint-case.test.tsx',
    code: `import { MemoryRouter, Routes, Route } from 'react-router-dom';
import { Trans } from 'react-i18next';`,
  },
  {
    file: 'mf-ads/src/components/lint-case.tsx',
    code: `export const A = ({ t, icon }: { t: (k: string) => string; icon: string }) => (
  <p className="note" aria-hidden="true" title={t('ads.more')}>
    {t('ads.title')} · ★ — 📞 {\`\${icon} \${t('ads.title')}\`}
  </p>
);
export const F = ({ name }: { name: string }) => <p>{\`Hello \${name}\`}</p>; // ✗
export const B = () => <p>Close</p>; // ✗
export const C = () => <p>{'Close'}</p>; // ✗
export const D = () => <button type="button" aria-label="Close" />; // ✗
export const E = () => <img src="/x.png" alt="दुकान" />; // ✗`,
  },
];

describe('lint rules for imports and text (eslint.config.mjs)', () => {
  let results: ReturnType<typeof lint>;
  beforeAll(() => {
    results = lint(CASES);
  }, 120_000);

  it.each(CASES.map((c, i) => [c.file, i] as const))('%s: reports exactly the marked lines', (_file, i) => {
    const lines = [...new Set(results[i]!.filter((m) => m.rule && RULES.has(m.rule)).map((m) => m.line))].sort((a, b) => a - b);
    expect(lines).toEqual(marked(CASES[i]!.code));
  });

  it('names the list to extend, read from the same JSON as the build', () => {
    const messages = results[0]!.map((m) => m.message).join('\n');
    expect(messages).toContain(`Add a name to ${trimmedShared['react-router-dom'].listName} in shared/build/trimmed-shared.json`);
    expect(messages).toContain(`Add a name to ${trimmedShared['react-i18next'].listName} in shared/build/trimmed-shared.json`);
  });
});
