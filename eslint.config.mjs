/**
 * One ESLint config for the whole monorepo (`npm run lint`; `npm test` runs it first).
 *
 * - typescript-eslint (recommended, without type information: typed linting is not enabled),
 *   React hooks, jsx-a11y (recommended), no literal user-visible text in JSX (the strings are
 *   translated: each module's locales).
 * - Import boundaries (ARCHITECTURE.md, "Rules"): no `mf-*` imports another
 *   `mf-*` or the shell; the shell imports no remote (its build-time prerender is the one
 *   exception); `shared/` imports neither; `@city/shared` only by name or by a subpath its
 *   package.json `exports` declares, never by a relative path into `shared/`.
 * - The trimmed shared react-router-dom and react-i18next (shared/build/rspack-preset.ts):
 *   browser code imports only the names in shared/build/trimmed-shared.json (the list the
 *   build's generated modules re-export), by name: no default, namespace, side-effect or
 *   dynamic import, and never react-router itself.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import globals from 'globals';
import trimmedShared from './shared/build/trimmed-shared.json' with { type: 'json' };
import sharedPackage from './shared/package.json' with { type: 'json' };

const REMOTES = 'mf-*';
const TESTS = ['**/__tests__/**', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}', 'shared/src/testing/**'];
/** The code that runs in the browser (each module's src/ and shared/src/), tests excluded. */
const BROWSER = [`{shell,${REMOTES}}/src/**/*.{ts,tsx}`, 'shared/src/**/*.{ts,tsx}'];
const BROWSER_JSX = [`{shell,${REMOTES}}/src/**/*.tsx`, 'shared/src/**/*.tsx'];
/** Standalone dev harnesses: not the product, so they may show untranslated text. */
const HARNESSES = [`${REMOTES}/src/bootstrap.tsx`, 'shared/src/harness/**'];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------
// Imports
// ---------------------------------------------------------------------------------------------

const trimmed = Object.entries(trimmedShared).map(([key, t]) => ({
  key,
  names: t.names,
  listName: t.listName,
  forbidden: t.forbidden ?? [],
}));

/** The trimmed shared packages: only the listed names, imported by name (types are erased: any). */
const trimmedPaths = trimmed.flatMap((t) => [
  {
    name: t.key,
    allowImportNames: [...t.names],
    allowTypeImports: true,
    message:
      `The shared ${t.key} is trimmed (one copy for the page, the same list in every build). ` +
      `Add a name to ${t.listName} in shared/build/trimmed-shared.json to use it.`,
  },
  ...t.forbidden.map((name) => ({
    name,
    message: `Import from '${t.key}' (the shared copy) instead: '${name}' lives inside it, and a direct import would bundle a second copy.`,
  })),
]);

/** Dynamic, require() and side-effect imports of the trimmed packages (no-restricted-imports sees only static names). */
const trimmedSyntax = trimmed.flatMap((t) => {
  const source = `/^(${[t.key, ...t.forbidden].map(escape).join('|')})$/`;
  const message = `Only named static imports from '${t.key}' are supported: the shared copy has only the names in ${t.listName} (shared/build/trimmed-shared.json).`;
  return [
    { selector: `ImportExpression[source.value=${source}]`, message },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${source}]`, message },
    { selector: `ImportDeclaration[specifiers.length=0][importKind!='type'][source.value=${source}]`, message },
  ];
});

/** @city/shared's public subpaths, read from its package.json, so the rule follows `exports`. */
const sharedSubpaths = Object.keys(sharedPackage.exports)
  .filter((key) => key !== '.')
  .map((key) => escape(key.slice(2)));
const sharedByExportsOnly = {
  regex: `^@city/shared/(?!(${sharedSubpaths.join('|')})$)`,
  message: "Import @city/shared by its name or a subpath its package.json 'exports' declares.",
};
const noRelativeShared = {
  regex: '^(\\.\\./)+shared(/|$)',
  message: "Import @city/shared by its name ('@city/shared' or a declared subpath), not by a path into shared/.",
};
const noRemote = (who) => ({
  regex: '^(@city/mf-|(\\.\\./)+mf-)',
  message: `${who} import no remote: remotes are loaded at run time through the federation (see ARCHITECTURE.md).`,
});
const noShell = (who) => ({
  regex: '^(@city/shell(/|$)|(\\.\\./)+shell(/|$))',
  message: `${who} import nothing from the shell: imports flow one way, to @city/shared.`,
});

/** One `no-restricted-imports` per area (a later config would replace, not merge, the rule). */
const restrictImports = ({ paths = [], patterns = [] }) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

const REMOTE_RULES = [noRemote('Remotes'), noShell('Remotes'), sharedByExportsOnly, noRelativeShared];
const SHELL_RULES = [noRemote('The shell and its server'), sharedByExportsOnly, noRelativeShared];
const SHARED_RULES = [noRemote('@city/shared'), noShell('@city/shared')];

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/**
 * react/jsx-no-literals, keeping only the reports whose literal text has a letter or a digit:
 * punctuation, symbols and pictograms drawn beside translated text (`·`, `—`, `★`, `📞`) are
 * no words, in any language. (The rule's own allowedStrings lists exact strings only.) For a
 * template literal, only its literal parts count: `${icon} ${name}` has no text of its own.
 */
const WORD = /[\p{L}\p{N}]/u;
const hasWords = (node) => {
  if (!node) return true;
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => WORD.test(q.value.cooked ?? q.value.raw));
  return typeof node.value === 'string' ? WORD.test(node.value) : true;
};
const jsxNoLiterals = react.rules['jsx-no-literals'];
const jsxNoLiteralText = {
  meta: jsxNoLiterals.meta,
  create(context) {
    const filtered = Object.create(context, {
      report: { value: (descriptor) => hasWords(descriptor.node) && context.report(descriptor) },
    });
    return jsxNoLiterals.create(filtered);
  },
};

/** Attributes whose value a person reads or hears: they must be translated too. */
const TEXT_ATTRIBUTES = [
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
];
const textAttributeSyntax = [
  {
    selector: `JSXAttribute[name.name=/^(${TEXT_ATTRIBUTES.join('|')})$/] > Literal[value=/[A-Za-z\\u0900-\\u097F]/]`,
    message: 'User-visible attribute text is translated: use t() from the module’s namespace.',
  },
];

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/.tmp/**',
      'supabase/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/out/**',
      'scripts/bench/out/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (a props type, a
      // field dropped from a copy by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // CommonJS files (jest configs, the prerender's CSS loader) load with require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [`{shell,shared,${REMOTES}}/src/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: TESTS,
    languageOptions: { globals: { ...globals.jest } },
    // jest.isolateModules() and jest.resetModules() hand back a fresh module only through a
    // synchronous require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // React: hooks everywhere, accessibility in every component.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Playwright fixtures: `use` is Playwright's callback, not React's use(), and a fixture
    // that needs no other fixture still destructures its first argument (`{}`), as required.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  // The trimmed packages' dynamic, require() and side-effect imports, in all browser code.
  {
    files: BROWSER,
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...trimmedSyntax] },
  },
  // No literal text in the product's JSX: every string a visitor reads is translated. (The
  // same no-restricted-syntax as above, plus text attributes: a later config replaces a rule.)
  {
    files: BROWSER_JSX,
    ignores: [...TESTS, ...HARNESSES],
    plugins: { city: { rules: { 'jsx-no-literal-text': jsxNoLiteralText } } },
    settings: { react: { version: '19.3' } },
    rules: {
      'city/jsx-no-literal-text': ['error', { noStrings: true, ignoreProps: true }],
      'no-restricted-syntax': ['error', ...trimmedSyntax, ...textAttributeSyntax],
    },
  },

  // Import boundaries. Browser code also gets the trimmed-package rules.
  {
    files: [`${REMOTES}/**/*.{ts,tsx,mjs,cjs,js}`],
    rules: restrictImports({ patterns: REMOTE_RULES }),
  },
  {
    files: ['shell/**/*.{ts,tsx,mjs,cjs,js}'],
    ignores: ['shell/prerender/**'],
    rules: restrictImports({ patterns: SHELL_RULES }),
  },
  {
    // The prerender renders the directory from its source at the shell's build time: the one
    // documented exception to "the shell imports no remote" (ARCHITECTURE.md).
    files: ['shell/prerender/**/*.{ts,tsx,mjs,cjs,js}'],
    rules: restrictImports({ patterns: [sharedByExportsOnly, noRelativeShared] }),
  },
  {
    files: ['shared/**/*.{ts,tsx,mjs,cjs,js}'],
    rules: restrictImports({ patterns: SHARED_RULES }),
  },
  {
    files: [`${REMOTES}/src/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: restrictImports({ paths: trimmedPaths, patterns: REMOTE_RULES }),
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrictImports({ paths: trimmedPaths, patterns: SHELL_RULES }),
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrictImports({ paths: trimmedPaths, patterns: SHARED_RULES }),
  },
];
