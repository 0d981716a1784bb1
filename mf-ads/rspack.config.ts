import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({
    dir: __dirname,
    name: 'mf_ads',
    port: 3004,
    title: 'mf_ads (standalone)',
    exposes: { './AdsPopup': './src/ads-popup.tsx' },
    mode: argv.mode ?? 'production',
  });
