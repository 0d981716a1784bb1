import { i18n } from './instance';
import type { Language } from './resources';

const LOCALES: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN' };

export const localeFor = (lang: Language) => LOCALES[lang];

/**
 * The first Intl.NumberFormat a page creates costs ~25 ms (ICU's number data; ~70-100 ms on a
 * 4x slower phone, one long task of a list's first render), whichever the locale. hi-IN and
 * en-IN write Latin digits and a "." by default and group only from 1000 on, so numbers below
 * 1000 written with the default options, with only fraction digits set (a rating "4.5", a
 * distance "2.4"), or whole numbers without grouping (the footer's year) skip Intl; the unit
 * test holds them equal to Intl's output.
 */
function plainDigits(value: number, options: Intl.NumberFormatOptions = {}): string | null {
  const { minimumFractionDigits: min = 0, maximumFractionDigits, useGrouping, ...other } = options;
  const integer = Number.isSafeInteger(value) && value >= 0;
  if (useGrouping === false && Object.keys(options).length === 1) return integer ? String(value) : null;
  const max = maximumFractionDigits ?? Math.max(min, 3);
  if (!(value >= 0) || useGrouping !== undefined || Object.keys(other).length || !(min <= max && max <= 6)) return null;
  // Rounded half away from zero on the shortest decimal that reads back as the value, as Intl
  // does ("4.35" -> "4.4", where 4.35.toFixed(1) is "4.3"; 3.4499999999999997 -> "3.4").
  const [whole = '', fraction = ''] = String(value).split('.');
  if (whole.length > 3 || /e/.test(fraction)) return null;
  const digits = String(Number(whole + fraction.slice(0, max).padEnd(max, '0')) + (fraction.charAt(max) >= '5' ? 1 : 0));
  const rounded = digits.padStart(max + 1, '0');
  const int = rounded.slice(0, rounded.length - max);
  const frac = rounded
    .slice(rounded.length - max)
    .replace(/0+$/, '')
    .padEnd(min, '0');
  if (int.length > 3) return null; // 999.96 -> "1,000.0": grouped
  return frac ? `${int}.${frac}` : int;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, lang: Language, options?: Intl.NumberFormatOptions): string {
  const plain = plainDigits(value, options);
  if (plain !== null) return plain;
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

/**
 * A long date ("27 नवंबर 2026", "27 November 2026") from the language's month names in the
 * common strings, when they are loaded: like a number, the first Intl.DateTimeFormat of a page
 * costs ~100 ms on a 4x slower phone (a profile's first review date). The unit test holds it
 * equal to Intl's output for every month in both languages; other styles go to Intl.
 */
function longDate(date: Date, lang: Language, { dateStyle, timeZone, ...other }: Intl.DateTimeFormatOptions): string | null {
  const utc = timeZone === 'UTC';
  const months = i18n.getResource(lang, 'common', 'format.monthsLong') as string | undefined;
  const month = months?.split(' ')[utc ? date.getUTCMonth() : date.getMonth()];
  if (dateStyle !== 'long' || (timeZone && !utc) || Object.keys(other).length || !month) return null;
  return (i18n.getResource(lang, 'common', 'format.dateLong') as string)
    .replace('{{day}}', String(utc ? date.getUTCDate() : date.getDate()))
    .replace('{{month}}', month)
    .replace('{{year}}', String(utc ? date.getUTCFullYear() : date.getFullYear()));
}

export function formatDate(value: Date | string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const long = longDate(date, lang, options);
  if (long !== null) return long;
  return new Intl.DateTimeFormat(LOCALES[lang], lang === 'hi' ? withHindiDayPeriod(options) : options).format(date);
}
