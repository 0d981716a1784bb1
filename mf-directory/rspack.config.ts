import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({
    dir: __dirname,
    name: 'mf_directory',
    port: 3001,
    title: 'mf_directory (standalone)',
    exposes: { './Directory': './src/directory.tsx' },
    mode: argv.mode ?? 'production',
  });
