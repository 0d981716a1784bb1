/**
 * '@module-federation/enhanced/runtime' in the prerender build (Node, no federation): the home
 * page's first paint needs the directory only, so its exposed module is imported from source.
 * Any other remote asked for during the prerender is a mistake (it would be prerendered from
 * this repo's source, not from what that team deployed): the build fails and says which.
 */
const prerenderable: Record<string, () => Promise<unknown>> = {
  'mf_directory/Directory': () => import('../../mf-directory/src/directory'),
};

export const requestedRemotes: string[] = [];

export async function loadRemote<T>(id: string): Promise<T | null> {
  requestedRemotes.push(id);
  const load = prerenderable[id];
  if (!load) throw new Error(`the prerender of / asked for ${id}; only ${Object.keys(prerenderable).join(', ')} may render on the server`);
  return (await load()) as T;
}

export function registerRemotes(): void {}
export function registerPlugins(): void {}
export async function preloadRemote(): Promise<void> {}
/** Only the entry's early start on data pages uses it, and no data page is prerendered. */
export async function loadShare(name: string): Promise<never> {
  throw new Error(`the prerender of / asked for the shared module ${name}; / needs no shared module early`);
}
export type ModuleFederationRuntimePlugin = Record<string, unknown>;
