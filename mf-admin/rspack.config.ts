import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({
    dir: __dirname,
    name: 'mf_admin',
    port: 3005,
    title: 'mf_admin (standalone)',
    exposes: { './AdminLogin': './src/admin-login.tsx', './AdminPanel': './src/admin-panel.tsx' },
    mode: argv.mode ?? 'production',
  });
