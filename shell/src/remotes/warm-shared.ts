/**
 * Runs from the entry chunk, before the bootstrap: resolves and evaluates the shared singletons
 * the bootstrap imports, one task each. Left to the bootstrap chunk, the federation runtime
 * resolves all of them in one task (versions, script tags) and, once they arrive, evaluates all
 * of them in another: the two longest tasks of a page's start (Lighthouse's TBT on `/`). Here the
 * same work is done in small tasks, so the bootstrap finds every module already evaluated.
 *
 * Imports nothing shared itself (see startup-preload.ts). A failure is swallowed: the
 * bootstrap's own import loads the module again (shared-retry plugin) and reports it.
 */
import { getInstance, loadShare } from '@module-federation/enhanced/runtime';
import { ensureRuntimePlugins } from './startup-preload';

/** The shared singletons of this build but supabase-js, which waits for a page's data. */
export function bootstrapShared(): string[] {
  return Object.keys(getInstance()?.options.shared ?? {}).filter((name) => name !== '@supabase/supabase-js');
}

/**
 * The next task: a MessageChannel message runs after the browser's pending work, without the
 * 4 ms a nested setTimeout is clamped to.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Resolves once each of `names` is loaded and evaluated, or has failed; never rejects. */
export async function warmSharedSingletons(names: readonly string[]): Promise<void> {
  ensureRuntimePlugins();
  // Every download starts at once (a task per name: each resolves a version and adds a script).
  const factories: Promise<unknown>[] = [];
  for (const name of names) {
    factories.push(loadShare(name).catch(() => false));
    await nextTask();
  }
  // Then each module runs in a task of its own, in dependency order, as soon as it has arrived.
  for (const pending of factories) {
    const factory = await pending;
    if (typeof factory !== 'function') continue;
    await nextTask();
    try {
      factory();
    } catch {
      // Reported by the bootstrap's import of the same module.
    }
  }
}
