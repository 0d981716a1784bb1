import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';

/**
 * Adds `<link rel="preload" as="script">` to the page's head, after the entry's script, for the JS files of the named async
 * chunks (`import(/* webpackChunkName: "name" *\/ ...)`). The entry chunk imports the bootstrap
 * only once the shared singletons are ready (src/remotes/warm-shared.ts); preloaded, the
 * bootstrap chunk downloads alongside main.js and that wait costs no round trip.
 * A chunk that does not exist fails the build: a renamed import must not lose its preload quietly.
 */
export class PreloadChunkPlugin implements RspackPluginInstance {
  constructor(private readonly chunkNames: readonly string[]) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadChunkPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('PreloadChunkPlugin', async (data) => {
        for (const name of this.chunkNames) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`PreloadChunkPlugin: no chunk named "${name}" (webpackChunkName)`);
          for (const file of group.getFiles().filter((f) => f.endsWith('.js'))) {
            // After main.js: that script runs first, so it is asked for first.
            data.assetTags.scripts.push({
              tagName: 'link',
              attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
              voidTag: true,
            });
          }
        }
        return data;
      });
    });
  }
}
