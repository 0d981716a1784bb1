/**
 * Starts the remotes' background tasks (BACKGROUND_TASKS in @city/shared): each task whose
 * localStorage key holds something is loaded from its remote and started. The entry loads this
 * chunk once the page's content is shown and the browser is idle (bootstrap.tsx). Nothing is downloaded while nothing is pending, and a
 * task that cannot load (its remote is down, offline without a kept copy) is left for the next
 * page: a warning in the console, nothing for the visitor.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { BACKGROUND_TASKS, type BackgroundTaskSpec, type RemoteTasks } from '@city/shared/contracts/background-tasks';

function localStore(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: nothing can have been kept either
  }
}

export async function startBackgroundTask(spec: BackgroundTaskSpec, storage = localStore()): Promise<boolean> {
  if (!storage?.getItem(spec.whenStored)) return false;
  try {
    const mod = await loadRemote<{ default?: RemoteTasks[typeof spec.id] }>(spec.id);
    if (!mod?.default) throw new Error('no default export');
    mod.default.start();
    return true;
  } catch (e) {
    console.warn(`[tasks] ${spec.id} not started:`, e);
    return false;
  }
}

/** Once per page, after the remotes' manifest is registered. */
export function startBackgroundTasks(tasks: readonly BackgroundTaskSpec[] = BACKGROUND_TASKS): Promise<boolean[]> {
  return Promise.all(tasks.map((task) => startBackgroundTask(task)));
}
