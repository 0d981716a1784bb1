/** @jest-environment node */
import type * as WarmShared from '../warm-shared';

// The entry chunk makes React and the other shared singletons ready in small tasks before the
// bootstrap runs (a long task there is what a phone feels as a frozen page). What is under
// test: every download starts before any module runs, each module runs in a task of its own and
// in order, and a failure neither stops the others nor escapes.

const mockRuntime = {
  getInstance: jest.fn(),
  loadShare: jest.fn<Promise<unknown>, [string]>(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(),
  loadRemote: jest.fn(),
};
jest.mock('@module-federation/enhanced/runtime', () => mockRuntime);
// The preset's list, without loading the bundler (see shared/build/__tests__/shared-config.test.ts).
jest.mock('@rspack/core', () => ({ rspack: {} }));
jest.mock('@module-federation/enhanced/rspack', () => ({ ModuleFederationPlugin: class {} }));

const load = () => require('../warm-shared') as typeof WarmShared;

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  jest.resetModules();
  Object.values(mockRuntime).forEach((fn) => fn.mockReset());
});

test("warms every shared singleton of the build but supabase-js, which waits for a page's data", () => {
  const { SHARED_SINGLETONS, sharedConfig } = require('@city/shared/build') as typeof import('@city/shared/build');
  // The federation instance's options as the shell's build declares them (the preset's config).
  mockRuntime.getInstance.mockReturnValue({ options: { shared: sharedConfig(require('node:path').join(__dirname, '..', '..', '..')) } });
  const { bootstrapShared } = load();
  expect(bootstrapShared()).toEqual(SHARED_SINGLETONS.filter((name) => name !== '@supabase/supabase-js'));
  // Before the runtime exists (never, from the entry): nothing to warm, no error.
  mockRuntime.getInstance.mockReturnValue(undefined);
  expect(bootstrapShared()).toEqual([]);
});

test('asks for every module before running any, then runs each in a task of its own, in order', async () => {
  const events: string[] = [];
  const pending = new Map<string, ReturnType<typeof deferred<() => unknown>>>();
  mockRuntime.loadShare.mockImplementation((name) => {
    events.push(`load ${name}`);
    const d = deferred<() => unknown>();
    pending.set(name, d);
    return d.promise;
  });
  const { warmSharedSingletons, nextTask } = load();
  const done = warmSharedSingletons(['a', 'b', 'c']);
  let finished = false;
  void done.then(() => (finished = true));
  for (let i = 0; i < 3; i++) await nextTask();
  expect(events).toEqual(['load a', 'load b', 'load c']);

  // "c" arrives first but runs after "a" and "b": a module may need the ones before it.
  pending.get('c')!.resolve(() => events.push('run c'));
  pending.get('a')!.resolve(() => events.push('run a'));
  await nextTask();
  await nextTask();
  expect(events.slice(3)).toEqual(['run a']);
  expect(finished).toBe(false);

  pending.get('b')!.resolve(() => events.push('run b'));
  await done;
  expect(events.slice(3)).toEqual(['run a', 'run b', 'run c']);
});

test('no two modules run in the same task: a yield to the browser comes before each', async () => {
  // Each yield is one MessageChannel message (nextTask): counted as they are made.
  const RealChannel = globalThis.MessageChannel;
  let yields = 0;
  globalThis.MessageChannel = class extends RealChannel {
    constructor() {
      super();
      yields += 1;
    }
  };
  try {
    const ranAfter: number[] = [];
    mockRuntime.loadShare.mockImplementation(async () => () => ranAfter.push(yields));
    await load().warmSharedSingletons(['a', 'b', 'c', 'd']);
    expect(ranAfter).toHaveLength(4);
    // Four yields while the downloads start, then one more before each module runs.
    expect(ranAfter).toEqual([5, 6, 7, 8]);
  } finally {
    globalThis.MessageChannel = RealChannel;
  }
});

test('a module that fails to load or to run leaves the others warmed, and nothing escapes', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    const ran: string[] = [];
    mockRuntime.loadShare.mockImplementation(async (name) => {
      if (name === 'offline') throw new TypeError('Failed to fetch');
      if (name === 'throws')
        return () => {
          throw new Error('boom');
        };
      if (name === 'not-provided') return false; // the runtime's answer for a module nobody provides
      return () => ran.push(name);
    });
    const { warmSharedSingletons, nextTask } = load();
    await expect(warmSharedSingletons(['a', 'offline', 'throws', 'not-provided', 'b'])).resolves.toBeUndefined();
    expect(ran).toEqual(['a', 'b']);
    await nextTask();
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

test('the retry plugin is in place before the first download, so a failed one can be retried', async () => {
  const order: string[] = [];
  mockRuntime.registerPlugins.mockImplementation(() => order.push('plugins'));
  mockRuntime.loadShare.mockImplementation(async (name) => {
    order.push(name);
    return () => undefined;
  });
  await load().warmSharedSingletons(['react']);
  expect(order).toEqual(['plugins', 'react']);
});
