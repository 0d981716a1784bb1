// The 'directoryResults' namespace: the strings of lists and search results (counts, filters, cards, the empty category's offer). The Hindi ship in that
// view's chunk (components/results-view.tsx), so a page that does not show the view does not carry them;
// the English are a chunk of their own, which directory.tsx awaits (ensureLanguage) before the
// view renders on an English page.
import { addNamespace } from '@city/shared';
import type en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    directoryResults: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

addNamespace('directoryResults', { hi: hindi, en: () => import(/* webpackChunkName: "i18n-en-directoryResults" */ './en.json') });
