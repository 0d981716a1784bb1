// The place picker's strings: the 'places' namespace. Both languages ship inside the
// `@city/shared/places` code (a few hundred bytes), which a page loads only where a place is
// chosen (the header's place dialog, registration, /my-listing): never in a first render.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

/** Adds the strings to the page's i18n instance (a call: see phone-sign-in/locales). */
export function addPlacesStrings(): void {
  addNamespace('places', { hi: hindi, en });
}
