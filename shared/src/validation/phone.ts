/**
 * The product's one reading of a phone number: an Indian mobile as people type it. Used by
 * every form that takes one (registration, /my-listing, the phone code step, the operator's
 * provider editor). Pure TypeScript, no React and no browser API: a subpath of its own,
 * `@city/shared/validation/phone`, bundled where it is imported (never in the package's root,
 * so no landing page downloads it).
 *
 * Not GoTrue's rule. Supabase Auth reads a phone its own way (a leading `+` and spaces dropped,
 * then E.164 digits: supabase/local/auth/phone.ts copies it for the local server) and refuses
 * dashes or Devanagari digits. The forms therefore apply this rule and always send GoTrue the
 * canonical form, `mobileE164(mobile)`.
 */
import { withoutInvisible } from './text';

/** Devanagari digits (०-९, which some Hindi keyboards type) as ASCII digits. */
export function asciiDigits(value: string): string {
  return value.replace(/[\u0966-\u096F]/gu, (d) => String(d.charCodeAt(0) - 0x0966));
}

/**
 * An Indian mobile number as people type it, as the 10 digits the database stores, or null
 * when it is not one. Invisible characters (pasted no-break spaces, zero-width and direction
 * marks) go and Devanagari digits count as digits; then spaces, dashes, dots and parentheses
 * go, then a leading `+91`, `91` (12 digits) or `0` (11 digits); what is left must be 10
 * digits starting 6-9. The database's `private.normalize_mobile` (supabase/migrations/0007)
 * has the same rule for ASCII input.
 *
 *   normalizeMobile('+91 98765 43210') === '9876543210'
 *   normalizeMobile('098765-43210')    === '9876543210'
 *   normalizeMobile('९८७६५ ४३२१०')     === '9876543210'
 */
export function normalizeMobile(input: string): string | null {
  let digits = asciiDigits(withoutInvisible(input)).replace(/[\s\-.()]/gu, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9][0-9]{9}$/.test(digits) ? digits : null;
}

/** What the forms send GoTrue for a mobile (10 digits): E.164, `+919876543210`. */
export const mobileE164 = (mobile: string) => `+91${mobile}`;
