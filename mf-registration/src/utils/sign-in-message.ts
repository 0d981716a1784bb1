import type { TFunction } from 'i18next';
import type { SignInFailure, WriteResult } from '../api';

type T = TFunction<'registration'>;

/** A wait in seconds as words: "45 seconds", "12 minutes". */
export function waitText(seconds: number, t: T): string {
  return seconds < 60 ? t('myListing.wait.seconds', { count: seconds }) : t('myListing.wait.minutes', { count: Math.ceil(seconds / 60) });
}

/** What the page says when sending or checking a code failed: translated, with when to retry. */
export function signInErrorText(failure: SignInFailure, t: T): string {
  switch (failure.reason) {
    case 'invalid-phone':
      return t('myListing.errors.invalidPhone');
    case 'wrong-code':
      return t('myListing.errors.wrongCode');
    case 'too-many-sends':
      return failure.retryAfterSeconds
        ? t('myListing.errors.tooManySends', { wait: waitText(failure.retryAfterSeconds, t) })
        : t('myListing.errors.tooManySendsLater');
    case 'too-many-tries':
      return failure.retryAfterSeconds
        ? t('myListing.errors.tooManyTries', { wait: waitText(failure.retryAfterSeconds, t) })
        : t('myListing.errors.tooManyTriesLater');
    case 'network':
      return t('myListing.errors.network');
    default:
      return t('myListing.errors.unknown');
  }
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
    default:
      return t('myListing.errors.unknown');
  }
}
