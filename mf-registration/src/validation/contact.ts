/**
 * Owner spam in a business name or specialisation: a phone number or a link. Customers reach a
 * provider through the listing's checked mobile, so another number or a website there routes
 * round it. The same rule as the database's check of an owner's edit (supabase/migrations/0011,
 * private.guard_owner_update: SQLSTATE 23514, message "<field>: no phone numbers or links"):
 * - a phone number: 7 or more digits once spaces, brackets, `.`, `,`, `/`, `+`, `_` and `-`
 *   are taken out, Devanagari digits (०-९) counted as digits;
 * - a link: `http:` / `https:`, `www.`, or a domain such as `example.com` / `shop.in`.
 */
import { asciiDigits } from '@city/shared/validation/phone';

const SEPARATORS = /[\s().,/+_-]/g;
const LINK = /https?:|www\.|[a-z0-9-]\.(?:com|in|net|org|co|info|biz|xyz|io|me|app|site|online|shop|store|link|ly)(?![a-z])/i;

// Invisible characters (soft hyphen, zero-width, bidi controls, BOM) hide nothing: dropped first
// (the database stores owner text cleaned of them).
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** True when the text holds a phone number (7+ digits, with separators) or a link. */
export function hasContactDetails(value: string): boolean {
  const text = asciiDigits(value.replace(INVISIBLE, ''));
  return /[0-9]{7,}/.test(text.replace(SEPARATORS, '')) || LINK.test(text);
}
