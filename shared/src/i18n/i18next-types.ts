import type { I18nNamespaces } from './resources';

// t() keys are checked against the English resources of every namespace the program knows:
// @city/shared's own, plus each remote's, which it declares by augmenting I18nNamespaces (see
// resources.ts). A module, not a .d.ts: imported by this package's entry, so the augmentation
// is in every program that imports @city/shared (the shell's and each remote's), not only in
// this package's own. The Hindi strings are typed as the English and tested to match.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nNamespaces;
  }
}

export {};
