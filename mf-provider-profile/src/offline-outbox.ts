// mf_provider_profile/OfflineOutbox: the background task the shell starts on any page while
// this device keeps ratings or reviews made offline (BACKGROUND_TASKS in @city/shared), so they
// are sent once back online even if the visitor never opens a profile again.
import type { BackgroundTask } from '@city/shared';
// The strings of the "sent" / "refused" notices.
import './locales';
import { startOutbox } from './hooks/use-outbox';

const offlineOutbox: BackgroundTask = { start: startOutbox };
export default offlineOutbox;
