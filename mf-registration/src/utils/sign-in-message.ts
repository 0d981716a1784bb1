import type { TFunction } from 'i18next';
import type { WriteResult } from '../api';

type T = TFunction<'registration'>;

/** A wait in seconds as words: "45 seconds", "12 minutes". */
export function waitText(seconds: number, t: T): string {
  return seconds < 60 ? t('myListing.wait.seconds', { count: seconds }) : t('myListing.wait.minutes', { count: Math.ceil(seconds / 60) });
}

/** What the page says when a save failed. */
export function writeErrorText(result: Extract<WriteResult<unknown>, { ok: false }>, t: T): string {
  switch (result.reason) {
    case 'invalid':
      return t('myListing.errors.invalid');
    case 'forbidden':
      return t('myListing.errors.forbidden');
    case 'gone':
      return t('myListing.errors.gone');
    case 'rate-limited':
      return t('myListing.errors.rateLimited');
    case 'contact-details':
      return t('myListing.validation.noContact');
    case 'network':
      return t('myListing.errors.network');
    case 'already-replied':
      return t('myListing.reviews.alreadyReplied');
    default:
      return t('myListing.errors.unknown');
  }
}
