// The profile's strings around the code step (the 'profilePhone' namespace): the kept-choice
// notes, signed-in line and sign-out, the kept-writes note. They ship, both languages, inside the
// phone panel's chunk (components/phone-panel.tsx), which loads only when a visitor acts without
// a session, is signed in, or has writes waiting: never on an anonymous visitor's first render.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    profilePhone: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

/** Adds the strings (a call: the panel's module runs it when it loads). */
export function addProfilePhoneStrings(): void {
  addNamespace('profilePhone', { hi: hindi, en });
}
