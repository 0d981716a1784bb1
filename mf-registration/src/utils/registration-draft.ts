import { EMPTY_REGISTRATION_VALUES, type RegistrationFormValues } from '../validation';

/**
 * A draft of the registration form, so a failed save, a reload or a backend restart mid-form
 * loses nothing. It lives in sessionStorage (this tab only, gone when the tab closes), except
 * the Aadhaar number: that is sensitive, so it is kept only in this module's memory. It
 * survives closing and reopening the dialog, not a reload. Cleared after a successful save.
 */
export const REGISTRATION_DRAFT_KEY = 'city.registration.draft';

const TEXT_FIELDS = ['name', 'businessName', 'mobile', 'categoryId', 'otherCategory', 'specialistIn', 'experience', 'address'] as const;

let aadhaarInMemory = '';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled (some privacy modes): the form still works, without a draft.
    return null;
  }
}

/** The saved draft merged over empty values; anything malformed in storage is ignored. */
export function loadRegistrationDraft(): RegistrationFormValues {
  const values: RegistrationFormValues = { ...EMPTY_REGISTRATION_VALUES, aadhaar: aadhaarInMemory };
  let saved: unknown = null;
  try {
    saved = JSON.parse(storage()?.getItem(REGISTRATION_DRAFT_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  if (!saved || typeof saved !== 'object') return values;
  const record = saved as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const v = record[field];
    if (typeof v === 'string') values[field] = v;
  }
  if (typeof record.agreeToTerms === 'boolean') values.agreeToTerms = record.agreeToTerms;
  return values;
}

/** Saves what was typed: the Aadhaar number to memory only, the rest to sessionStorage. */
export function saveRegistrationDraft(values: RegistrationFormValues): void {
  aadhaarInMemory = values.aadhaar;
  const { aadhaar: _omitted, ...rest } = values;
  const empty = TEXT_FIELDS.every((f) => rest[f] === '') && !rest.agreeToTerms;
  try {
    if (empty) storage()?.removeItem(REGISTRATION_DRAFT_KEY);
    else storage()?.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(rest));
  } catch {
    // Quota or disabled storage: keep working without a draft.
  }
}

/** After a successful registration (and between tests). */
export function clearRegistrationDraft(): void {
  aadhaarInMemory = '';
  try {
    storage()?.removeItem(REGISTRATION_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
