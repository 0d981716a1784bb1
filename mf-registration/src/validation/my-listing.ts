import {
  findCategoryById,
  OTHER_CATEGORY_ID,
  otherCategoryValue,
  parseStoredCategory,
  storedCategoryValue,
  WEEKDAYS,
  type OpeningHours,
  type Weekday,
} from '@city/shared';
import { cleanText, textLength } from '@city/shared/validation';
import { normalizeMobile } from '@city/shared/validation/phone';
import { hasContactDetails } from './contact';
import { letterCount, MIN_LETTERS, parseExperience, REGISTRATION_LIMITS } from './registration';

/**
 * The rules of a provider's own edits on /my-listing: the registration's rules (same bounds,
 * same cleaning), which the database's provider functions re-check (supabase/migrations/0007).
 */

export type MyListingErrorKey =
  | 'myListing.validation.phone'
  | 'myListing.validation.code'
  | 'myListing.validation.addressRequired'
  | 'myListing.validation.addressTooLong'
  | 'myListing.validation.addressTooShort'
  | 'myListing.validation.businessNameTooLong'
  | 'myListing.validation.specialistInTooLong'
  | 'myListing.validation.noContact'
  | 'myListing.validation.experienceInvalid'
  | 'myListing.validation.nameRequired'
  | 'myListing.validation.nameTooLong'
  | 'myListing.validation.categoryRequired'
  | 'myListing.validation.otherCategory'
  | 'myListing.validation.mobile'
  | 'myListing.validation.nothingChanged'
  | 'myListing.validation.dateRequired'
  | 'myListing.validation.datePast'
  | 'myListing.validation.timesRequired'
  | 'myListing.validation.openBeforeClose';

export type Checked<T, F extends string> = { ok: true; input: T } | { ok: false; errors: Partial<Record<F, MyListingErrorKey>> };

// ---- Details that go live at once ----

export interface DetailsValues {
  businessName: string;
  specialistIn: string;
  address: string;
  experience: string;
}
export interface DetailsInput {
  businessName: string | null;
  specialistIn: string | null;
  address: string;
  experience: number;
}

export function validateDetails(v: DetailsValues): Checked<DetailsInput, keyof DetailsValues> {
  const errors: Partial<Record<keyof DetailsValues, MyListingErrorKey>> = {};
  const businessName = cleanText(v.businessName);
  if (textLength(businessName) > REGISTRATION_LIMITS.businessName) errors.businessName = 'myListing.validation.businessNameTooLong';
  else if (hasContactDetails(businessName)) errors.businessName = 'myListing.validation.noContact';
  const specialistIn = cleanText(v.specialistIn);
  if (textLength(specialistIn) > REGISTRATION_LIMITS.specialistIn) errors.specialistIn = 'myListing.validation.specialistInTooLong';
  else if (hasContactDetails(specialistIn)) errors.specialistIn = 'myListing.validation.noContact';
  const address = cleanText(v.address);
  if (address === '') errors.address = 'myListing.validation.addressRequired';
  else if (textLength(address) > REGISTRATION_LIMITS.address) errors.address = 'myListing.validation.addressTooLong';
  else if (letterCount(address) < MIN_LETTERS) errors.address = 'myListing.validation.addressTooShort';
  const experience = parseExperience(v.experience);
  if (experience === null) errors.experience = 'myListing.validation.experienceInvalid';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      businessName: businessName === '' ? null : businessName,
      specialistIn: specialistIn === '' ? null : specialistIn,
      address,
      experience: experience as number,
    },
  };
}

// ---- Changes the operator checks ----

export interface ChangeValues {
  name: string;
  /** A catalogue id or OTHER_CATEGORY_ID. */
  categoryId: string;
  otherCategory: string;
  mobile: string;
}
/** Only what differs from the live listing; null = unchanged. */
export interface ChangeInput {
  name: string | null;
  category: string | null;
  mobile: string | null;
}

/** The form's starting values for a listing's name, stored category and mobile. */
export function changeValuesOf(current: { name: string; category: string; mobile: string }): ChangeValues {
  const parsed = parseStoredCategory(current.category);
  return {
    name: current.name,
    categoryId: parsed.kind === 'catalogue' ? parsed.category.id : OTHER_CATEGORY_ID,
    otherCategory: parsed.kind === 'catalogue' ? '' : parsed.text,
    mobile: current.mobile,
  };
}

export function validateChange(
  v: ChangeValues,
  current: { name: string; category: string; mobile: string },
): Checked<ChangeInput, keyof ChangeValues | 'form'> {
  const errors: Partial<Record<keyof ChangeValues | 'form', MyListingErrorKey>> = {};
  const name = cleanText(v.name);
  if (name === '') errors.name = 'myListing.validation.nameRequired';
  else if (textLength(name) > REGISTRATION_LIMITS.name) errors.name = 'myListing.validation.nameTooLong';

  let category = '';
  if (v.categoryId === OTHER_CATEGORY_ID) {
    const other = cleanText(v.otherCategory);
    if (other === '' || textLength(other) > REGISTRATION_LIMITS.otherCategory) errors.otherCategory = 'myListing.validation.otherCategory';
    else category = otherCategoryValue(other);
  } else {
    const entry = findCategoryById(v.categoryId);
    if (entry) category = storedCategoryValue(entry);
    else errors.categoryId = 'myListing.validation.categoryRequired';
  }

  const mobile = normalizeMobile(v.mobile);
  if (mobile === null) errors.mobile = 'myListing.validation.mobile';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const sameCategory = (() => {
    const now = parseStoredCategory(current.category);
    const next = parseStoredCategory(category);
    if (now.kind === 'catalogue' && next.kind === 'catalogue') return now.category.id === next.category.id;
    return now.kind !== 'catalogue' && next.kind !== 'catalogue' && now.text === next.text;
  })();
  const input: ChangeInput = {
    name: name === current.name ? null : name,
    category: sameCategory ? null : category,
    mobile: mobile === current.mobile ? null : mobile,
  };
  if (input.name === null && input.category === null && input.mobile === null) {
    return { ok: false, errors: { form: 'myListing.validation.nothingChanged' } };
  }
  return { ok: true, input };
}

// ---- Availability ----

/** A leave's last day (YYYY-MM-DD from a date input), which must be today or later in Kolkata. */
export function validateLeaveUntil(value: string, today: string): Checked<string, 'date'> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    return { ok: false, errors: { date: 'myListing.validation.dateRequired' } };
  }
  if (value < today) return { ok: false, errors: { date: 'myListing.validation.datePast' } };
  return { ok: true, input: value };
}

// ---- Opening hours ----

export interface DayValues {
  closed: boolean;
  open: string;
  close: string;
}
export type HoursValues = Record<Weekday, DayValues>;

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The form's starting values: given hours, or open 09:00-18:00 Monday to Saturday. */
export function hoursValuesOf(hours: OpeningHours | null | undefined): HoursValues {
  const out = {} as HoursValues;
  for (const day of WEEKDAYS) {
    const given = hours ? hours[day] : day === 'sun' ? null : { open: '09:00', close: '18:00' };
    out[day] = given ? { closed: false, open: given.open, close: given.close } : { closed: true, open: '09:00', close: '18:00' };
  }
  return out;
}

export function validateHours(v: HoursValues): Checked<OpeningHours, Weekday> {
  const errors: Partial<Record<Weekday, MyListingErrorKey>> = {};
  const hours = {} as OpeningHours;
  for (const day of WEEKDAYS) {
    const d = v[day];
    if (d.closed) {
      hours[day] = null;
      continue;
    }
    // Some browsers give HH:MM:SS from a time input.
    const open = d.open.slice(0, 5);
    const close = d.close.slice(0, 5);
    if (!TIME.test(open) || !TIME.test(close)) errors[day] = 'myListing.validation.timesRequired';
    else if (open >= close) errors[day] = 'myListing.validation.openBeforeClose';
    else hours[day] = { open, close };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: hours };
}
