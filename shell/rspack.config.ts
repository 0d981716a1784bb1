import { createModuleConfig } from '@city/shared/build';
import { PreloadChunkPlugin } from './build/preload-chunk-plugin';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) => {
  const config = createModuleConfig({
    dir: __dirname,
    name: 'shell',
    port: 3000,
    title: 'शहर सेवा | City Services',
    mode: argv.mode ?? 'production',
  });
  // The bootstrap chunk waits for the shared singletons (src/index.ts): fetched with main.js.
  config.plugins = [...(config.plugins ?? []), new PreloadChunkPlugin(['bootstrap'])];
  return config;
};
