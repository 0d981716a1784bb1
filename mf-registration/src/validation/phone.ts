import { withoutInvisible } from '@city/shared';

/** Devanagari digits (०-९, which some Hindi keyboards type) as ASCII digits. */
function asciiDigits(value: string): string {
  return value.replace(/[\u0966-\u096F]/gu, (d) => String(d.charCodeAt(0) - 0x0966));
}

/**
 * An Indian mobile number as people type it, as the 10 digits the database stores, or null
 * when it is not one. Spaces, dashes, dots and parentheses go, then a leading `+91`, `91` (12
 * digits) or `0` (11 digits); what is left must be 10 digits starting 6-9. The same cases as
 * the database's `private.normalize_mobile` (supabase/migrations/0007).
 *
 *   normalizeMobile('+91 98765 43210') === '9876543210'
 *   normalizeMobile('098765-43210')    === '9876543210'
 */
export function normalizeMobile(input: string): string | null {
  let digits = asciiDigits(withoutInvisible(input)).replace(/[\s\-.()]/gu, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9][0-9]{9}$/.test(digits) ? digits : null;
}

/** The E.164 form GoTrue's phone sign-in takes: `+91` and the 10 digits. */
export const e164 = (mobile10: string) => `+91${mobile10}`;
