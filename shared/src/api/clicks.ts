import { dataClient } from './client';
import { getDeviceToken } from '../device/device-token';

export type ClickType = 'call' | 'whatsapp';

/**
 * Records a call/chat click (track_click; the database counts repeat taps from one device
 * within a few minutes once). Fire-and-forget by design: tracking must never delay or break
 * the call or chat it counts, so failures are swallowed.
 */
export function trackClick(providerId: string, clickType: ClickType): void {
  void Promise.resolve()
    .then(async () => {
      const deviceToken = getDeviceToken();
      const supabase = await dataClient();
      return supabase.rpc('track_click', { p_provider_id: providerId, p_click_type: clickType, p_device_token: deviceToken });
    })
    .catch(() => undefined);
}

/** tel: link for a 10-digit Indian mobile. */
export const telHref = (mobile: string) => `tel:+91${mobile}`;

/** Chat-app link: the mobile with the 91 country prefix, optional prefilled text. */
export const whatsappHref = (mobile: string, text?: string) =>
  `https://wa.me/91${mobile}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
