// Both languages of @city/shared's bundled namespace (common) at once, for code that is not the
// page: the server's link previews (shell/server/provider-og.ts) and tests. The page never
// imports this (each language is its own chunk there, see resources.ts), nor does the
// '@city/shared' or '@city/shared/i18n' entry. Each remote's strings live in its own src/locales.
import enCommon from './locales/en/common.json';
import hiCommon from './locales/hi/common.json';
import type { BaseResources, Language } from './resources';

export const resources: Readonly<Record<Language, BaseResources>> = { en: { common: enCommon }, hi: { common: hiCommon } };
