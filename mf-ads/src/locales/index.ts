// This remote's strings: the 'ads' i18n namespace, owned here, added to the page's one i18n
// instance when this remote loads, so a new string ships with this remote alone (no shell
// deployment). Hindi, the default language (the first render and the prerendered `/` need it
// at once), is inside this remote's code; English is its own small chunk, downloaded only when
// the page is (or is switched to) English, or as the fallback once the page's content is shown
// and it is idle (ensureLanguage in @city/shared: the shell awaits it before rendering this
// remote, a switch before switching).
import { addNamespace } from '@city/shared';
import type en from './en.json';
import hi from './hi.json';

// Declares the namespace's keys (from the English) to every t() that can see this module.
declare module '@city/shared' {
  interface I18nNamespaces {
    ads: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (src/locales/__tests__
// checks both ways, and that none is empty).
const hindi: typeof en = hi;

addNamespace('ads', { hi: hindi, en: () => import(/* webpackChunkName: "i18n-en-ads" */ './en.json') });
