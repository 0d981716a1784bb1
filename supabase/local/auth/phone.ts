/**
 * How GoTrue reads a phone number, for the local GoTrue: the same as real Supabase Auth
 * (supabase/auth, internal/api/phone.go: formatPhoneNumber and validatePhone), so that the
 * local server accepts and refuses at /otp, /verify, /resend and /signup exactly what
 * production does. A leading `+` and every ASCII space are dropped; what is left must be E.164
 * digits, `^[1-9][0-9]{1,14}$`, stored as such (`919876543210`). Nothing else: dashes, dots,
 * a leading 0, Devanagari digits or a no-break space are refused (400 validation_failed
 * "Invalid phone number format (E.164 required)"), and no country is assumed (`9876543210` is
 * another user than `+91 98765 43210`).
 *
 * Deliberately NOT the product's parser (`@city/shared/validation/phone`, an Indian mobile as
 * people type it): that rule is the forms', which always send GoTrue `+91` and the 10 digits.
 * Where the backend itself decides "an Indian mobile" it is SQL, on the real project as here
 * (`private.normalize_mobile`, `public.current_mobile()`: supabase/migrations/0007).
 */

/** GoTrue's formatPhoneNumber: without a leading "+" and without spaces (U+0020 only). */
export function formatPhoneNumber(phone: string): string {
  return (phone.startsWith('+') ? phone.slice(1) : phone).replaceAll(' ', '');
}

/** GoTrue's validatePhone: the stored form (E.164 digits, no "+"), or null where GoTrue refuses. */
export function validatePhone(phone: string): string | null {
  const formatted = formatPhoneNumber(phone);
  return /^[1-9][0-9]{1,14}$/.test(formatted) ? formatted : null;
}

/** GoTrue's message for a refused number (400 validation_failed). */
export const INVALID_PHONE_MESSAGE = 'Invalid phone number format (E.164 required)';
