import { createModuleConfig } from '@city/shared/build';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createModuleConfig({
    dir: __dirname,
    name: 'mf_registration',
    port: 3003,
    title: 'mf_registration (standalone)',
    exposes: { './RegistrationDialog': './src/registration-dialog.tsx', './MyListing': './src/my-listing.tsx' },
    mode: argv.mode ?? 'production',
  });
