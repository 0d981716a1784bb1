// This remote's strings: the 'registration' i18n namespace, owned here. Both languages ship inside this
// remote's code and are added to the page's one i18n instance when it loads, so a new string
// ships with this remote alone (no shell deployment) and costs no request of its own.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

// Declares the namespace's keys (from the English) to every t() that can see this module.
declare module '@city/shared' {
  interface I18nNamespaces {
    registration: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (src/locales/__tests__
// checks both ways, and that none is empty).
const hindi: typeof en = hi;

addNamespace('registration', { hi: hindi, en });
