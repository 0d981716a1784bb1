// The place line's strings: the 'profilePlace' namespace. The Hindi ship in the place line's
// chunk (components/provider-place.tsx), loaded once the profile is on screen; the English are a
// chunk of their own, awaited (ensureLanguage) before the line renders on an English page.
import { addNamespace } from '@city/shared';
import type en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    profilePlace: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check.
const hindi: typeof en = hi;

addNamespace('profilePlace', { hi: hindi, en: () => import(/* webpackChunkName: "i18n-en-place" */ './en.json') });
