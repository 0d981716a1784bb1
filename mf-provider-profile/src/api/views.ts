import { getDeviceToken, sendRest } from '@city/shared';

/**
 * Counts one profile view (track_click with 'view': the database keeps one per device per
 * provider per day in Asia/Kolkata). Fire-and-forget: a count must never delay or break the
 * profile, so every failure is ignored.
 */
export function trackProfileView(providerId: string): void {
  void Promise.resolve()
    // Without a session, a plain anonymous POST: a view alone does not download supabase-js.
    .then(() =>
      sendRest<unknown>({
        rpc: 'track_click',
        args: { p_provider_id: providerId, p_click_type: 'view', p_device_token: getDeviceToken() },
      }),
    )
    .catch(() => undefined);
}
