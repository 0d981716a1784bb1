// The report dialog's strings: the 'profileReport' namespace. The Hindi ship in the dialog's
// chunk, which loads when a visitor first asks to report (components/report-button.tsx), so the
// profile's first render carries only the button's label (in 'profile'); the English are a
// chunk of their own, downloaded when the page is (or is switched to) English: the button
// awaits ensureLanguage before the dialog renders.
import { addNamespace } from '@city/shared';
import type en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    profileReport: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

addNamespace('profileReport', { hi: hindi, en: () => import(/* webpackChunkName: "i18n-en-report" */ './en.json') });
