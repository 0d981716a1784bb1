import { sharedRetryPlugin } from '../runtime-plugins/shared-retry-plugin';

type Hook = (args: { pkgName: string; origin: unknown }) => Promise<unknown>;

function scopeWith(entry: { loading?: Promise<unknown> | null; loaded?: boolean }) {
  return { shareScopeMap: { default: { '@supabase/supabase-js': { '2.119.1': entry } } } };
}

describe('sharedRetryPlugin', () => {
  it('forgets a shared-module download that failed, so the next load downloads again', async () => {
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    const entry = { loading: failed as Promise<unknown> | null, loaded: false };
    await (sharedRetryPlugin().beforeLoadShare as Hook)({ pkgName: '@supabase/supabase-js', origin: scopeWith(entry) });
    expect(entry.loading).toBeNull();
  });

  it('leaves a download in progress, a finished one and other packages alone', async () => {
    const plugin = sharedRetryPlugin();
    const pending = new Promise<unknown>(() => undefined);
    const inProgress = { loading: pending, loaded: false };
    await (plugin.beforeLoadShare as Hook)({ pkgName: '@supabase/supabase-js', origin: scopeWith(inProgress) });
    expect(inProgress.loading).toBe(pending);

    const done = Promise.resolve({});
    const finished = { loading: done, loaded: true };
    await (plugin.beforeLoadShare as Hook)({ pkgName: '@supabase/supabase-js', origin: scopeWith(finished) });
    expect(finished.loading).toBe(done);

    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    const other = { loading: failed, loaded: false };
    await (plugin.beforeLoadShare as Hook)({ pkgName: 'react', origin: scopeWith(other) });
    expect(other.loading).toBe(failed);
  });
});
