// The badge explanation's strings: the 'badges' namespace. Both languages ship inside the
// explanation's chunk (a few hundred bytes), loaded on the first tap of a badge.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

/** Adds the strings to the page's i18n instance (a call: see phone-sign-in/locales). */
export function addBadgeStrings(): void {
  addNamespace('badges', { hi: hindi, en });
}
