import type { TFunction } from 'i18next';
import { parseStoredCategory, type Language } from '@city/shared';
import type { RegistrationInput } from '../api';

/** UIDAI's masked form: only the last four digits are shown (XXXX-XXXX-1234). */
export function maskAadhaar(aadhaar: string): string {
  return `XXXX-XXXX-${aadhaar.slice(-4)}`;
}

/** The stored category in the reader's language: icon and name, or the free text for 'Other'. */
export function categoryForMessage(stored: string, lang: Language): string {
  const parsed = parseStoredCategory(stored);
  return parsed.kind === 'catalogue' ? `${parsed.category.icon} ${parsed.category[lang]}` : parsed.text;
}

/**
 * The pre-filled chat message sent to the operator after a registration, one line per
 * field, in the current language. The Aadhaar number is never sent in full.
 */
export function buildOperatorMessage(input: RegistrationInput, t: TFunction<'registration'>, lang: Language): string {
  const notProvided = t('message.notProvided');
  return [
    t('message.heading'),
    t('message.name', { value: input.name }),
    t('message.business', { value: input.businessName ?? notProvided }),
    t('message.mobile', { value: input.mobile }),
    t('message.category', { value: categoryForMessage(input.category, lang) }),
    t('message.specialty', { value: input.specialistIn ?? notProvided }),
    t('message.aadhar', { value: input.aadhaar ? maskAadhaar(input.aadhaar) : notProvided }),
    t('message.experience', { value: t('message.experienceYears', { count: input.experience }) }),
    t('message.address', { value: input.address }),
    t('message.consent'),
  ].join('\n');
}

/** Chat-app link to the operator's number (digits with country code) with the message. */
export function operatorChatUrl(operatorWhatsapp: string, text: string): string {
  return `https://wa.me/${operatorWhatsapp}?text=${encodeURIComponent(text)}`;
}
