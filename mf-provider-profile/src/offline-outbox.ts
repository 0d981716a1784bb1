// mf_provider_profile/OfflineOutbox: the background task the shell starts on any page while
// this device keeps ratings or reviews made offline (BACKGROUND_TASKS in @city/shared), so they
// are sent once back online even if the visitor never opens a profile again.
import type { BackgroundTask } from '@city/shared/contracts/background-tasks';

// Through the profile's module as it is: the sender's chunk then has one parent, and nothing
// shared with the task is split out of the profile's first-render files (+0.7 KiB gzip).
const offlineOutbox: BackgroundTask = {
  start: () => void import('./provider-profile').then((profile) => profile.startOutboxNow()),
};
export default offlineOutbox;
