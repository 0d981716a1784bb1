// mf_provider_profile/OfflineOutbox: the background task the shell starts on any page while
// this device keeps ratings or reviews made offline (BACKGROUND_TASKS in @city/shared), so they
// are sent once back online even if the visitor never opens a profile again.
import type { BackgroundTask } from '@city/shared/contracts/background-tasks';

// The sender is loaded on demand, not imported: modules shared with ./ProviderProfile would
// otherwise be split out of the profile's first-render chunk into one more file (+0.6 KiB
// gzip). One module instance per page either way: a profile shown later starts nothing twice.
const offlineOutbox: BackgroundTask = {
  start: () => void import('./provider-profile').then((m) => m.startOutbox()),
};
export default offlineOutbox;
