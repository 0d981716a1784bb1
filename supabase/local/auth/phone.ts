/**
 * Indian mobile numbers as people type them. Same rules as the SQL
 * private.normalize_mobile (migration 0007) and mf-registration's normalizeMobile:
 * strip spaces, dashes, dots and parentheses, then a leading `+91`, `91` (when 12
 * digits) or `0` (when 11 digits); what is left must be 10 digits starting 6-9.
 */
function normalizeMobile(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let s = input.replace(/[\s\u00A0.()-]/g, '');
  if (/^\+91[0-9]{10}$/.test(s)) s = s.slice(3);
  else if (/^91[0-9]{10}$/.test(s)) s = s.slice(2);
  else if (/^0[0-9]{10}$/.test(s)) s = s.slice(1);
  return /^[6-9][0-9]{9}$/.test(s) ? s : null;
}

/** GoTrue's stored form of a phone: E.164 digits without the `+` (`919876543210`). */
export function e164Digits(input: unknown): string | null {
  const m = normalizeMobile(input);
  return m === null ? null : `91${m}`;
}
