/**
 * The same app as ONE bundle without Module Federation, for the federation-overhead ratio:
 * the shell's own preset configuration (same loaders, minifier, targets, HTML page), minus
 * the ModuleFederationPlugin, with the federation runtime replaced by static imports of the
 * remotes' exposed files (federation-stub.ts).
 */
import { join } from 'node:path';
import type { Configuration } from '@rspack/core';
import { createModuleConfig } from '../../../shared/build/rspack-preset';

export const SINGLE_BUNDLE_DIST = join(__dirname, '..', '..', '..', '.tmp', 'bench', 'single-bundle');

export function singleBundleConfig(): Configuration {
  const shellDir = join(__dirname, '..', '..', '..', 'shell');
  const base = createModuleConfig({ dir: shellDir, name: 'shell', port: 3000, title: 'शहर सेवा | City Services', mode: 'production' });
  return {
    ...base,
    devtool: false,
    output: { ...base.output, path: SINGLE_BUNDLE_DIST },
    resolve: {
      ...base.resolve,
      alias: { '@module-federation/enhanced/runtime$': join(__dirname, 'federation-stub.ts') },
    },
    plugins: (base.plugins ?? []).filter((p) => p?.constructor?.name !== 'ModuleFederationPlugin'),
  };
}

export default singleBundleConfig;
