/**
 * knip: unused files, exports and dependencies, and imports of undeclared packages. Run by
 * `npm run lint` after ESLint; any finding fails it.
 *
 * Entry points come from knip's plugins where they can see them (package.json scripts, jest,
 * Playwright, Rspack configs, ESLint, Prettier, changesets, TypeScript) and are listed here
 * where nothing declares them: files loaded at run time or by path.
 */
import type { KnipConfig } from 'knip';

/** Each remote's Module Federation `exposes` (its rspack.config.ts): loaded by the shell at run time. */
const EXPOSED: Record<string, string[]> = {
  'mf-admin': ['src/admin-login.tsx', 'src/admin-panel.tsx'],
  'mf-ads': ['src/ads-popup.tsx'],
  'mf-directory': ['src/directory.tsx'],
  'mf-provider-profile': ['src/provider-profile.tsx', 'src/offline-outbox.ts'],
  'mf-registration': ['src/registration-dialog.tsx', 'src/my-listing.tsx'],
};

/**
 * The shared singletons a module declares but its code does not import. The build preset
 * (shared/build/rspack-preset.ts, SHARED_SINGLETONS) reads each singleton's range from the
 * module's own package.json as its federation requiredVersion, and refuses to build without it.
 */
const DECLARED_FOR_FEDERATION: Record<string, string[]> = {
  shell: ['zustand'],
  'mf-admin': ['zustand'],
  'mf-ads': ['react-dom', 'react-router-dom', 'zustand', '@supabase/supabase-js'],
  'mf-directory': ['zustand', '@supabase/supabase-js'],
  'mf-provider-profile': ['zustand'],
  'mf-registration': ['zustand'],
};

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Run by hand and by shared/build/__tests__/adding-a-module.test.ts (in a child process).
        'scripts/check-adding-a-module.ts',
        // The one-bundle comparison build aliases the federation runtime to this file.
        'scripts/bench/single-bundle/federation-stub.ts',
      ],
      rspack: { config: ['scripts/bench/single-bundle/rspack.config.ts'] },
    },
    shared: {
      // Read from node_modules by path (its exports map has no ./package.json): scripts/gen-category-icons.ts.
      ignoreDependencies: ['@tabler/icons'],
    },
    shell: {
      entry: [
        // The build's prerender step (prerender-home.ts) bundles render-home.tsx for Node, with
        // the federation runtime aliased to federation-stub.ts and CSS through collect-css-loader.
        'prerender/render-home.tsx',
        'prerender/federation-stub.ts',
        'prerender/collect-css-loader.cjs',
        // The service worker, bundled by sw/build-sw.ts.
        'sw/sw.ts',
        // Run by hand: `npx tsx shell/sw/make-icons.ts`, `npx tsx shell/scripts/gen-seo-files.ts`.
        'sw/make-icons.ts',
        'scripts/gen-seo-files.ts',
      ],
      ignoreDependencies: DECLARED_FOR_FEDERATION['shell'],
    },
    ...Object.fromEntries(Object.entries(EXPOSED).map(([ws, entry]) => [ws, { entry, ignoreDependencies: DECLARED_FOR_FEDERATION[ws] }])),
    supabase: {
      entry: [
        // The database worker thread, started by path from local/db/worker-thread.ts.
        'local/db/worker-boot.mjs',
        'local/db/worker.ts',
        // Types of scripts/pg-cluster.mjs for the TypeScript callers.
        'scripts/pg-cluster.d.mts',
        // Run in a child process by the migration tests.
        'tests/fixtures/*.ts',
      ],
      // The production-path suite's own config, run by scripts/run-tests.mjs.
      jest: { config: ['jest.config.cjs', 'tests/production/jest.config.cjs'] },
      // Loaded lazily with createRequire in local/config.ts (a clear error if it is missing).
      ignoreDependencies: ['smol-toml'],
    },
    e2e: {
      entry: [
        // Built by harness/build-variant.ts with these configs: the exposed module, and the
        // modules that replace mf-registration's own.
        'fixtures/alt-directory/src/directory.tsx',
        'fixtures/registration-next/{api,locales,validation}.ts',
      ],
      rspack: { config: ['fixtures/*/rspack.config.ts'] },
    },
  },
  // A stale entry or ignore (a configuration hint) fails too.
  treatConfigHintsAsErrors: true,
  // CSS: `@import` and `url()` are module requests to Rspack (e.g. the shell's web fonts).
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@import\s+(?:url\()?\s*['"]?([^'")\s;]+)|url\(\s*['"]?([^'")\s]+)/g)]
        .map((m) => m[1] ?? m[2]!)
        .filter((spec) => !/^(data:|[a-z]+:\/\/|\/|#)/i.test(spec))
        .map((spec) => `import '${spec}';`)
        .join('\n'),
  },
};

export default config;
