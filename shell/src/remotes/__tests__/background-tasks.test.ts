import { loadRemote } from '@module-federation/enhanced/runtime';
import { BACKGROUND_TASKS, PROFILE_OUTBOX_KEY } from '@city/shared/contracts/background-tasks';
import { startBackgroundTask, startBackgroundTasks } from '../background-tasks';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));

const remote = loadRemote as jest.Mock;
const outbox = BACKGROUND_TASKS.find((t) => t.id === 'mf_provider_profile/OfflineOutbox')!;
const storing = (value: string | null) => ({ getItem: jest.fn(() => value) });

beforeEach(() => {
  remote.mockReset();
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('startBackgroundTask', () => {
  it('the profile outbox is a task, keyed by the profile outbox storage key', () => {
    expect(outbox).toEqual({ id: 'mf_provider_profile/OfflineOutbox', remote: 'mf_provider_profile', whenStored: PROFILE_OUTBOX_KEY });
  });

  it('downloads nothing while nothing is kept', async () => {
    expect(await startBackgroundTask(outbox, storing(null))).toBe(false);
    expect(remote).not.toHaveBeenCalled();
  });

  it("loads the remote's task and starts it while something is kept", async () => {
    const start = jest.fn();
    remote.mockResolvedValue({ default: { start } });
    expect(await startBackgroundTask(outbox, storing('[{"kind":"rating"}]'))).toBe(true);
    expect(remote).toHaveBeenCalledWith('mf_provider_profile/OfflineOutbox');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a remote that cannot load leaves a console warning, nothing thrown', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    remote.mockRejectedValue(new Error('offline'));
    expect(await startBackgroundTask(outbox, storing('[1]'))).toBe(false);
    remote.mockResolvedValue({});
    expect(await startBackgroundTask(outbox, storing('[1]'))).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('blocked storage counts as nothing kept', async () => {
    expect(await startBackgroundTask(outbox, null)).toBe(false);
    expect(remote).not.toHaveBeenCalled();
  });
});

describe('startBackgroundTasks', () => {
  it('starts each listed task whose key holds something', async () => {
    localStorage.setItem(PROFILE_OUTBOX_KEY, '[{"kind":"review"}]');
    const start = jest.fn();
    remote.mockResolvedValue({ default: { start } });
    const idle = { ...outbox, id: outbox.id, whenStored: 'city.nothing.kept' };
    expect(await startBackgroundTasks([outbox, idle])).toEqual([true, false]);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
