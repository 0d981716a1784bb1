// The gallery's strings: the 'profilePhotos' namespace. The Hindi ship in the gallery's chunk
// (components/photo-gallery.tsx), loaded once the profile is on screen; the English are a chunk
// of their own, awaited (ensureLanguage) before the gallery renders on an English page.
import { addNamespace } from '@city/shared';
import type en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    profilePhotos: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check.
const hindi: typeof en = hi;

addNamespace('profilePhotos', { hi: hindi, en: () => import(/* webpackChunkName: "i18n-en-photos" */ './en.json') });
