/**
 * Background tasks: work a remote must finish on any page, not only on its own (the profile's
 * ratings and reviews kept offline, sent once the device is back online). The shell starts a
 * task after the page's content is shown and the browser is idle, and only when the task's
 * localStorage key holds something: a page with nothing pending downloads nothing for it.
 *
 * Plain data and types, no imports at run time (like routes.ts). A subpath of its own
 * (`@city/shared/contracts/background-tasks`), not in the package's root: the few bytes are
 * bundled into the shell's lazy starter and the task's remote, not into every first render.
 */
import type { RemoteName } from './remotes';

/** What a task's exposed module exports as default. `start` is idempotent: once per page. */
export interface BackgroundTask {
  start: () => void;
}

/** Exposed task modules, as container name + exposed path (the federation id). */
export interface RemoteTasks {
  /** Sends the ratings and reviews this device kept while offline (mf-provider-profile). */
  'mf_provider_profile/OfflineOutbox': BackgroundTask;
}
export type RemoteTaskId = keyof RemoteTasks;

/** Where the profile keeps writes made offline (its outbox), in localStorage. */
export const PROFILE_OUTBOX_KEY = 'city.profile.outbox';

export interface BackgroundTaskSpec {
  id: RemoteTaskId;
  remote: RemoteName;
  /** Started only while this localStorage key holds a value. */
  whenStored: string;
}

export const BACKGROUND_TASKS: readonly BackgroundTaskSpec[] = [
  { id: 'mf_provider_profile/OfflineOutbox', remote: 'mf_provider_profile', whenStored: PROFILE_OUTBOX_KEY },
];
