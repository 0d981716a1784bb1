import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({ dir: __dirname, name: 'shell', port: 3000, title: 'शहर सेवा | City Services', mode: argv.mode ?? 'production' });
