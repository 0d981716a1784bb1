import { dataClient } from './client';

export type ClickType = 'call' | 'whatsapp';

/**
 * Records a call/chat click. Fire-and-forget by design: tracking must never delay or break
 * the call or chat it counts, so failures are swallowed.
 */
export function trackClick(providerId: string, clickType: ClickType): void {
  void Promise.resolve()
    .then(dataClient)
    .then((supabase) => supabase.from('click_tracking').insert({ provider_id: providerId, click_type: clickType }))
    .catch(() => undefined);
}

/** tel: link for a 10-digit Indian mobile. */
export const telHref = (mobile: string) => `tel:+91${mobile}`;

/** Chat-app link: the mobile with the 91 country prefix, optional prefilled text. */
export const whatsappHref = (mobile: string, text?: string) =>
  `https://wa.me/91${mobile}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
