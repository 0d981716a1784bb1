import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({
    dir: __dirname,
    name: 'mf_provider_profile',
    port: 3002,
    title: 'mf_provider_profile (standalone)',
    exposes: { './ProviderProfile': './src/provider-profile.tsx', './OfflineOutbox': './src/offline-outbox.ts' },
    mode: argv.mode ?? 'production',
  });
