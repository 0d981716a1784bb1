import { parseVisitorPlace, type VisitorPlace } from '@city/shared';
import { EMPTY_REGISTRATION_VALUES, type RegistrationFormValues } from '../validation';
import { EMPTY_SERVE_CHOICE, SERVE_LIMITS, SERVE_MODES, type ServeChoiceValues } from '../validation/serve-choice';

/**
 * A draft of the registration form, so a failed save, a reload or a backend restart mid-form
 * loses nothing. It lives in sessionStorage (this tab only, gone when the tab closes), except
 * the Aadhaar number: that is sensitive, so it is kept only in this module's memory. It
 * survives closing and reopening the dialog, not a reload. Cleared after a successful save.
 */
export const REGISTRATION_DRAFT_KEY = 'city.registration.draft';
/**
 * The place and whom they serve (issue 27), kept the same way under a key of its own (the form
 * holds them apart from the text fields): the place's code, kind, names and centre, the mode,
 * the radius as typed and the list.
 */
export const REGISTRATION_SERVE_DRAFT_KEY = 'city.registration.draft.serve';

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

/** A place as stored back into one (the visitor-place rules), or null. */
const placeFrom = (value: unknown): VisitorPlace | null =>
  value && typeof value === 'object' ? parseVisitorPlace(JSON.stringify(value)) : null;

/** The saved place and serve choice over the empty choice; anything malformed is left out. */
export function loadServeDraft(): ServeChoiceValues {
  const values: ServeChoiceValues = { ...EMPTY_SERVE_CHOICE, list: [] };
  let saved: unknown = null;
  try {
    saved = JSON.parse(storage()?.getItem(REGISTRATION_SERVE_DRAFT_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  if (!saved || typeof saved !== 'object') return values;
  const record = saved as Record<string, unknown>;
  values.place = placeFrom(record.place);
  if (SERVE_MODES.includes(record.mode as ServeChoiceValues['mode'])) values.mode = record.mode as ServeChoiceValues['mode'];
  if (typeof record.radiusKm === 'string' && record.radiusKm.length <= 10) values.radiusKm = record.radiusKm;
  if (Array.isArray(record.list)) {
    const seen = new Set<string>();
    for (const item of record.list.slice(0, SERVE_LIMITS.listMax)) {
      const place = placeFrom(item);
      if (place && !seen.has(`${place.kind}:${place.code}`)) {
        seen.add(`${place.kind}:${place.code}`);
        values.list.push(place);
      }
    }
  }
  return values;
}

/** Saves the place and serve choice to sessionStorage (nothing kept while it is the empty choice). */
export function saveServeDraft(values: ServeChoiceValues): void {
  const empty =
    values.place === null &&
    values.mode === EMPTY_SERVE_CHOICE.mode &&
    values.radiusKm === EMPTY_SERVE_CHOICE.radiusKm &&
    values.list.length === 0;
  try {
    if (empty) storage()?.removeItem(REGISTRATION_SERVE_DRAFT_KEY);
    else storage()?.setItem(REGISTRATION_SERVE_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Quota or disabled storage: keep working without a draft.
  }
}

/** After a successful registration (and between tests). */
export function clearRegistrationDraft(): void {
  aadhaarInMemory = '';
  try {
    storage()?.removeItem(REGISTRATION_DRAFT_KEY);
    storage()?.removeItem(REGISTRATION_SERVE_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
