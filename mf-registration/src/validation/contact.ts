/**
 * Owner spam in a business name or specialisation: a phone number or a link. Customers reach a
 * provider through the listing's checked mobile, so another number or a website there routes
 * round it. The same rule as the database's check of owner text (supabase/migrations/0011,
 * SQLSTATE 23514, message "no phone numbers or links"):
 * - a phone number: 7 or more digits in one run, with any separators between them (spaces,
 *   dashes, dots, brackets, slashes, `+`), Devanagari digits (०-९) counted as digits;
 * - a link: `http`, `www.`, or a domain such as `example.com` / `shop.in`.
 */
// Letters (Latin, Devanagari with its signs) end a run of digits; anything else separates them.
// Explicit code-point ranges rather than \p{…}: the same on every browser and build target.
const LETTERS = 'A-Za-z\\u00C0-\\u024F\\u0900-\\u097F';
const TLDS = 'com|in|net|org|co|info|biz|io|me|app|xyz|online|site|shop|store|ly|gl';
// Ranges of code points, not combined characters (Devanagari's block starts with signs):
// eslint-disable-next-line no-misleading-character-class
const DIGITS_RUN = new RegExp(`[0-9](?:[^0-9${LETTERS}]*[0-9]){6,}`);
// eslint-disable-next-line no-misleading-character-class
const LINK = new RegExp(`http|www\\.|[0-9${LETTERS}-]\\.(?:${TLDS})(?![0-9${LETTERS}])`, 'i');

// Invisible characters (soft hyphen, zero-width, bidi controls, BOM) hide nothing: dropped first.
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** Devanagari digits as ASCII digits. */
const asciiDigits = (value: string) => value.replace(/[\u0966-\u096F]/gu, (d) => String(d.charCodeAt(0) - 0x0966));

/** True when the text holds a phone number (7+ digits, any separators) or a link. */
export function hasContactDetails(value: string): boolean {
  const text = asciiDigits(value.replace(INVISIBLE, ''));
  return DIGITS_RUN.test(text) || LINK.test(text);
}
