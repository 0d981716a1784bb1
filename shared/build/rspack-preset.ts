/**
 * The one Rspack + Module Federation setup of the shell and every remote, so the list of
 * shared singletons cannot drift between independently deployed modules.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { devRuntimeConfig } from './dev-config';

/** One copy of each in the page; the first provider (normally the shell) wins. */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  '@supabase/supabase-js',
  '@city/shared',
] as const;

function packageVersion(fromDir: string, specifier: string): string {
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  const require = createRequire(join(fromDir, 'package.json'));
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

export interface ModuleBuildOptions {
  /** Package folder (pass __dirname). */
  dir: string;
  /** Federated container name: a JS identifier (shell, mf_directory, ...). */
  name: string;
  /** Dev-server port (shell 3000, remotes 3001-3005). */
  port: number;
  /** Remotes: what they expose (e.g. { './Directory': './src/directory.tsx' }). */
  exposes?: Record<string, string>;
  /** The host page's <title>; remotes get a standalone harness page too. */
  title: string;
  mode?: 'production' | 'development';
}

export function createModuleConfig(opts: ModuleBuildOptions): Configuration {
  const isHost = !opts.exposes;
  const production = opts.mode !== 'development';
  const shared = Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => [dep, { singleton: true, requiredVersion: `^${packageVersion(opts.dir, dep)}` }]),
  );

  return {
    context: opts.dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: join(opts.dir, 'dist'),
      // The shell serves deep links (/provider/1): absolute. Remotes load chunks from their own origin.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: opts.name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.(t|j)sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: ['chrome >= 87', 'android >= 87', 'safari >= 14', 'firefox >= 90'] },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(woff2?|png|svg|ico|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: opts.name,
        ...(opts.exposes ? { filename: 'remoteEntry.js', exposes: opts.exposes } : {}),
        // Remotes are registered at run time from remotes.json (see shell/src/remotes).
        remotes: {},
        shared,
        manifest: true,
        dts: false,
        // The federation runtime (runtime-core, ~25 KiB gzip) once per page, not once per
        // container: the shell provides it as a global and production remotes use it.
        experiments: isHost ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {},
      }),
      new rspack.HtmlRspackPlugin({
        // The shell has its own page; remotes share one standalone-harness page.
        template: existsSync(join(opts.dir, 'src', 'index.html')) ? join(opts.dir, 'src', 'index.html') : join(__dirname, 'remote-harness.html'),
        title: opts.title,
        minify: production,
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
    ],
    devServer: {
      port: opts.port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
      // Every dev origin answers /config.json with the local backend's URL and key.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'runtime-config',
          path: '/config.json',
          middleware: (_req: unknown, res: { setHeader(k: string, v: string): void; end(body: string): void }) => {
            res.setHeader('Content-Type', 'application/json');
            res.end(JSON.stringify(devRuntimeConfig()));
          },
        });
        return middlewares;
      },
    },
    performance: { hints: false },
  };
}
