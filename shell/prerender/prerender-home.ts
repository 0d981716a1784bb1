/**
 * Build step after `rspack build` (see package.json): prerenders `/` into dist/index.html so a
 * visitor on a slow phone sees the page (header, search box, category grid) as HTML, before any
 * JavaScript, and the app then hydrates that markup instead of drawing it again.
 *
 * 1. Bundles prerender/render-home.tsx for Node with the shell's own loaders (the federation
 *    runtime replaced by federation-stub.ts: the directory is imported from source) and renders.
 * 2. The shell's own CSS is already linked in <head> (imported by the entry). The remotes' CSS the
 *    render imported (the directory's) goes to dist/prerender.<hash>.css, linked in <head> too,
 *    so the prerendered HTML paints styled; the remote loads its own copy later, as always.
 * 3. Inlines a guard script in <head> that hides the markup before first paint when it is not
 *    what the app will render (another path or query, English chosen): src/app/prerender-scope.ts,
 *    its data taken from the route manifest (@city/shared/contracts) at build time.
 * 4. Writes dist/prerender.json: the guard's CSP hash, which every host serving the shell must
 *    allow in script-src (shell/server/site.ts does).
 * 5. Renders the boot skeleton (src/app/boot-skeleton.tsx: the real header and the loading line,
 *    Hindi and English) after #root in index.html, and writes dist/shell.html: the same document
 *    with the skeleton only (no home markup), which hosts answer every path but `/` with. The
 *    guard shows the skeleton where the home does not apply and picks its language.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { PRERENDER_OFF_ATTRIBUTE, PRERENDER_SCOPE, PRERENDERED_ATTRIBUTE, type PrerenderScope } from '../src/app/prerender-scope';
import { BOOT_LANGUAGE_ATTRIBUTE } from '../src/app/boot-skeleton-markers';
import { LANGUAGE_STORAGE_KEY } from '@city/shared/i18n';

const shellDir = join(__dirname, '..');
const dist = join(shellDir, 'dist');
const repoRoot = join(shellDir, '..');
const sharedDir = join(repoRoot, 'shared');
const outDir = join(shellDir, 'node_modules', '.cache', 'prerender');

/** Filled by collect-css-loader.cjs during the compile. */
const cssImports = () => (globalThis as { __prerenderCssFiles?: string[] }).__prerenderCssFiles ?? [];

function serverConfig(): Configuration {
  return {
    context: shellDir,
    mode: 'production',
    target: 'node24',
    devtool: false,
    entry: { 'render-home': './prerender/render-home.tsx' },
    output: {
      path: outDir,
      filename: '[name].js',
      cssFilename: '[name].css',
      library: { type: 'commonjs2' },
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: { '@module-federation/enhanced/runtime$': join(__dirname, 'federation-stub.ts') },
    },
    module: {
      rules: [
        {
          test: /\.(t|j)sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
            env: { targets: 'node 24' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, loader: join(__dirname, 'collect-css-loader.cjs'), type: 'javascript/auto' },
        { test: /\.(woff2?|png|svg|ico|webp)$/, type: 'asset/resource' },
      ],
    },
    optimization: { minimize: false },
    plugins: [
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
  };
}

function compile(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config).run((err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ preset: 'errors-only' })));
      resolve();
    });
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The inline guard: hides the prerendered markup before first paint when the app will draw
 * something else (the boot skeleton shows instead), and picks the skeleton's language: `?lang=`,
 * else the stored choice, else Hindi.
 */
function guardScript(prerenderApplies: (...args: never[]) => boolean, scope: PrerenderScope): string {
  // One line: comments and line breaks out (the function has no string holding '//').
  const fn = prerenderApplies
    .toString()
    .replace(/\/\/[^\n]*\n/g, '\n')
    .replace(/\s*\n\s*/g, '');
  const off = JSON.stringify(PRERENDER_OFF_ATTRIBUTE);
  return (
    `(function(){var d=document.documentElement;try{var applies=${fn};` +
    `var s=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}),u=new URLSearchParams(location.search).get(${JSON.stringify(scope.languageParam)}),` +
    `l=u==='en'||u==='hi'?u:s==='en'?'en':'hi';d.setAttribute(${JSON.stringify(BOOT_LANGUAGE_ATTRIBUTE)},l);d.lang=l;` +
    `if(!applies(location.pathname,location.search,s,${JSON.stringify(scope)}))d.setAttribute(${off},'')}` +
    `catch(e){d.setAttribute(${off},'')}})();`
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error('dist/index.html is missing: run rspack build first');
  // The guard lets the routes the manifest marks `prerender` show index.html's markup: that
  // markup is the home page's, so it must be the only one.
  if (JSON.stringify(PRERENDER_SCOPE.paths) !== JSON.stringify(['/'])) {
    throw new Error(
      `ROUTE_MANIFEST marks ${JSON.stringify(PRERENDER_SCOPE.paths)} for prerendering; this step renders only '/' into index.html`,
    );
  }
  await compile(serverConfig());
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS bundle just compiled, by its path
  const server = require(join(outDir, 'render-home.js')) as typeof import('./render-home');
  const { html, remotes } = await server.renderHome();
  const skeleton = await server.renderBootSkeleton();

  // The remotes' CSS the render imported (the shell's and @city/shared's are in the entry's CSS).
  const cssFiles = [...new Set(cssImports())].filter((file) => !file.startsWith(shellDir + sep) && !file.startsWith(sharedDir + sep));
  const css = cssFiles
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      // Copied as is into the shell's origin: a relative url() or @import would point nowhere.
      if (/url\(|@import/.test(text))
        throw new Error(`${relative(repoRoot, file)}: url() or @import cannot be prerendered; inline it or move it to the shell`);
      return `/* ${relative(repoRoot, file)} */\n${text}`;
    })
    .join('\n');
  for (const old of readdirSync(dist).filter((f) => /^prerender\.[0-9a-f]+\.css$/.test(f))) rmSync(join(dist, old));
  const cssName = `prerender.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  writeFileSync(join(dist, cssName), css);

  // The scope's data (paths, language, neutral parameters) comes from the route manifest and
  // is written into the script, so the script's hash in prerender.json covers it too.
  const guard = guardScript(server.prerenderApplies, PRERENDER_SCOPE);
  const template = readFileSync(indexFile, 'utf8');
  if (template.includes(PRERENDERED_ATTRIBUTE)) throw new Error('dist/index.html is already prerendered');
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`dist/index.html has no ${root}`);
  // index.html: the home page, hydrated where the guard lets it apply; the boot skeleton otherwise.
  let page = template.replace('</head>', `<script>${guard}</script><link rel="stylesheet" href="/${cssName}"></head>`);
  page = page.replace(root, `<div id="root" ${PRERENDERED_ATTRIBUTE}="${server.PRERENDER_LANGUAGE}">${html}</div>${skeleton}`);
  writeFileSync(indexFile, page);
  // shell.html: what the serving step answers every other path with (a profile, a static page,
  // admin, not found): the boot skeleton only (no home markup to download and hide), shown from
  // the first byte (the attribute is in the HTML; the guard still picks the language).
  let shell = template.replace('</head>', `<script>${guard}</script></head>`);
  shell = shell.replace(/<html\b/, `<html ${PRERENDER_OFF_ATTRIBUTE}`);
  shell = shell.replace(root, `${root}${skeleton}`);
  writeFileSync(join(dist, 'shell.html'), shell);
  writeFileSync(
    join(dist, 'prerender.json'),
    JSON.stringify(
      { page: '/', shellPage: 'shell.html', language: server.PRERENDER_LANGUAGE, scriptHashes: [`'sha256-${sha256(guard)}'`], remotes },
      null,
      2,
    ) + '\n',
  );
  console.log(
    `prerendered / (${(html.length / 1024).toFixed(1)} KiB HTML, ${(css.length / 1024).toFixed(1)} KiB CSS, remotes: ${remotes.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
