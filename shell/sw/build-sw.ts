/**
 * Post-build step of the shell (npm run build -w @city/shell, after rspack and the prerender):
 * bundles the service worker (shell/sw/sw.ts) with Rspack into dist/sw.js, then Workbox's
 * injectManifest writes the precache list of the shell's files into it (docs/offline.md).
 */
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { injectManifest } from 'workbox-build';

const shellDir = join(__dirname, '..');
const dist = join(shellDir, 'dist');

async function bundle(): Promise<void> {
  const compiler = rspack({
    context: shellDir,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: { sw: './sw/sw.ts' },
    // clean: false: the shell's build is already in dist.
    output: { path: dist, filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript' } },
            env: { targets: ['chrome >= 87', 'android >= 87', 'safari >= 14', 'firefox >= 90'] },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    performance: { hints: false },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
}

async function main(): Promise<void> {
  await bundle();
  const { count, size, warnings } = await injectManifest({
    swSrc: join(dist, 'sw.js'),
    swDest: join(dist, 'sw.js'),
    globDirectory: dist,
    // The shell's page, code, styles, icons and the web app manifest. Not: source maps,
    // federation stats, the runtime files served per deployment (config.json, remotes.json:
    // network first), nor the Devanagari web fonts (104 KiB that phones with the system font
    // never download: kept when the page did, see sw.ts).
    globPatterns: ['index.html', 'shell.html', '*.{js,css,svg,webmanifest}', 'icons/*.png'],
    globIgnores: ['sw.js', '**/*.map'],
    // Hashed names are their own revision: Workbox fetches them without a cache-busting
    // parameter, so what the first visit already downloaded comes from the HTTP cache.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.(js|css)$|[0-9a-f]{16}\.woff2$/,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`[sw] ${w}`);
  console.log(`[sw] dist/sw.js: ${count} files precached, ${(size / 1024).toFixed(1)} KiB`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
