// Both languages' bundled namespaces at once, for code that is not the page: the server's link
// previews (shell/server/provider-og.ts) and tests. The page never imports this (each language
// is its own chunk there, see resources.ts), nor does the '@city/shared' or '@city/shared/i18n' entry.
import en from './locales/en/index';
import hi from './locales/hi/index';

export const resources = { en, hi } as const;
