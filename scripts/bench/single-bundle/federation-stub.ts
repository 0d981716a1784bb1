/**
 * Stands in for '@module-federation/enhanced/runtime' in the one-bundle comparison build:
 * the shell's loadRemote('mf_x/Y') becomes a plain dynamic import of the remote's exposed
 * file, so the same sources are bundled by one compiler with no federation runtime and no
 * shared-scope negotiation (remote code still loads on demand, as in the federated site).
 */
const exposed: Record<string, () => Promise<unknown>> = {
  'mf_directory/Directory': () => import('../../../mf-directory/src/directory'),
  'mf_provider_profile/ProviderProfile': () => import('../../../mf-provider-profile/src/provider-profile'),
  'mf_registration/RegistrationDialog': () => import('../../../mf-registration/src/registration-dialog'),
  'mf_registration/MyListing': () => import('../../../mf-registration/src/my-listing'),
  'mf_ads/AdsPopup': () => import('../../../mf-ads/src/ads-popup'),
  'mf_admin/AdminLogin': () => import('../../../mf-admin/src/admin-login'),
  'mf_admin/AdminPanel': () => import('../../../mf-admin/src/admin-panel'),
};

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = exposed[id];
  if (!load) throw new Error(`unknown remote module ${id}`);
  return (await load()) as T;
}

export function registerRemotes(): void {}
export function registerPlugins(): void {}
export type ModuleFederationRuntimePlugin = Record<string, unknown>;

/** Same early start as the federated shell: begin downloading the exposed module's chunk. */
export async function preloadRemote(args: { nameOrAlias: string; exposes?: string[] }[]): Promise<void> {
  await Promise.all(args.flatMap((a) => (a.exposes ?? []).map((e) => exposed[`${a.nameOrAlias}/${e.replace(/^\.\//, '')}`]?.())));
}

/** Same early start as the federated shell on data pages: supabase-js is one chunk here. */
export async function loadShare(name: string): Promise<unknown> {
  if (name !== '@supabase/supabase-js') throw new Error(`the one-bundle stub shares nothing but supabase-js (asked for ${name})`);
  return import(/* webpackChunkName: "supabase" */ '@supabase/supabase-js');
}

/** No federation instance here: the shell's warm-up (warm-shared.ts) finds nothing shared to ready. */
export function getInstance(): undefined {
  return undefined;
}
