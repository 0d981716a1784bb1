import type { Language } from './resources';

const LOCALES: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN' };

export const localeFor = (lang: Language) => LOCALES[lang];

export function formatNumber(value: number, lang: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALES[lang], options).format(value);
}

/** Average rating to one decimal, in the language's digits and separators. */
export function formatRating(value: number, lang: Language): string {
  return formatNumber(value, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function formatDate(value: Date | string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(LOCALES[lang], options).format(date);
}
