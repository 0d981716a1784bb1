import 'i18next';
import type { LanguageResources } from './resources';
import type enLegal from './locales/en/legal.json';

// t() keys are checked against the English resources (the Hindi ones are tested to match).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LanguageResources & { legal: typeof enLegal };
  }
}
