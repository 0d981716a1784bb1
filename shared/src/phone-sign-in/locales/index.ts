// The code step's strings: the 'phoneSignIn' namespace. Both languages ship inside the
// `@city/shared/phone-sign-in` chunk (about 1.5 KiB gzip together), which loads only when a
// visitor rates, reviews or signs in: the step then renders at once in either language, with no
// second download while the visitor waits for it.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

/**
 * Adds the strings to the page's i18n instance. A call, not a bare `import './locales'`: the
 * package declares only its CSS as side effects, so a bundler drops an import whose exports are
 * unused. Its keys are declared with @city/shared's own namespaces (I18nNamespaces in i18n/resources.ts).
 */
export function addPhoneSignInStrings(): void {
  addNamespace('phoneSignIn', { hi: hindi, en });
}
