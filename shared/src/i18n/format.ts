import type { Language } from './resources';

const LOCALES: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN' };

export const localeFor = (lang: Language) => LOCALES[lang];

/**
 * The first Intl.NumberFormat a page creates costs ~25 ms (ICU's number data; ~70-100 ms on a
 * 4x slower phone), whichever the locale. Whole numbers written without grouping (the footer's
 * year), and whole numbers below 1000 with the default options (the ads popup's "1 / 3",
 * counts), come out in plain digits in both languages (hi-IN and en-IN use Latin digits by
 * default, and group only from 1000 on), so those skip Intl; the unit test holds them equal
 * to Intl's output.
 */
function isPlainDigits(value: number, options?: Intl.NumberFormatOptions): boolean {
  if (!Number.isSafeInteger(value) || value < 0) return false;
  if (options === undefined) return value < 1000;
  return Object.keys(options).length === 1 && options.useGrouping === false;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, lang: Language, options?: Intl.NumberFormatOptions): string {
  if (isPlainDigits(value, options)) return String(value);
  const key = `${lang}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], options);
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** Average rating to one decimal, in the language's digits and separators. */
export function formatRating(value: number, lang: Language): string {
  return formatNumber(value, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

const DATE_PARTS: Record<NonNullable<Intl.DateTimeFormatOptions['dateStyle']>, Intl.DateTimeFormatOptions> = {
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: 'numeric', month: 'numeric', year: '2-digit' },
};

/**
 * ICU writes a Hindi time with a Latin "am"/"pm" ("3:30 pm"); a Hindi reader expects the part
 * of the day in words before it ("दोपहर 3:30"). dayPeriod cannot be combined with the
 * date/time styles, so a styled time is spelled out in parts.
 */
function withHindiDayPeriod(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  if (options.timeStyle === undefined && options.hour === undefined) return options;
  if (options.hour12 === false || options.hourCycle === 'h23' || options.hourCycle === 'h24') return options;
  const { dateStyle, timeStyle: _timeStyle, ...rest } = options;
  return { ...(dateStyle ? DATE_PARTS[dateStyle] : {}), ...rest, hour: 'numeric', minute: '2-digit', dayPeriod: 'short' };
}

export function formatDate(value: Date | string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(LOCALES[lang], lang === 'hi' ? withHindiDayPeriod(options) : options).format(date);
}
