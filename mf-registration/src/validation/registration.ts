import { CATEGORIES, OTHER_CATEGORY_ID, otherCategoryValue, storedCategoryValue } from '@city/shared';
import { cleanText, isVerhoeffValid, textLength, withoutInvisible } from '@city/shared/validation';
import { asciiDigits, normalizeMobile } from '@city/shared/validation/phone';
import type { RegistrationDbField, RegistrationFailure, RegistrationInput } from '../api/registration';

/**
 * Pure validation of the free-registration form, owned by this remote: a new rule ships with
 * it, without redeploying the shell. What counts as blank text (cleanText) and the Aadhaar
 * check digit stay in @city/shared: the review box and the backend's seed use them too.
 * The bounds match the database (supabase/migrations: register_provider and the
 * service_providers checks), which re-checks everything: the form is only the first line.
 */
export const REGISTRATION_LIMITS = {
  name: 100,
  businessName: 150,
  otherCategory: 100,
  specialistIn: 200,
  address: 300,
  experienceMin: 0,
  experienceMax: 80,
  mobileDigits: 10,
  aadhaarDigits: 12,
} as const;

/** What the form holds, as typed (strings), before validation. */
export interface RegistrationFormValues {
  name: string;
  businessName: string;
  mobile: string;
  /** '' (not chosen), a catalogue id, or OTHER_CATEGORY_ID. */
  categoryId: string;
  otherCategory: string;
  specialistIn: string;
  aadhaar: string;
  experience: string;
  address: string;
  agreeToTerms: boolean;
}

export type RegistrationField = keyof RegistrationFormValues;

export const EMPTY_REGISTRATION_VALUES: Readonly<RegistrationFormValues> = Object.freeze({
  name: '',
  businessName: '',
  mobile: '',
  categoryId: '',
  otherCategory: '',
  specialistIn: '',
  aadhaar: '',
  experience: '',
  address: '',
  agreeToTerms: false,
});

/** Fields in the order the form shows them (the first error is the one announced). */
export const REGISTRATION_FIELD_ORDER: readonly RegistrationField[] = [
  'name',
  'businessName',
  'mobile',
  'categoryId',
  'otherCategory',
  'specialistIn',
  'aadhaar',
  'experience',
  'address',
  'agreeToTerms',
];

/** i18n keys (namespace 'registration') of every validation message. */
export type RegistrationErrorKey =
  | 'validation.nameRequired'
  | 'validation.nameTooLong'
  | 'validation.nameTooShort'
  | 'validation.nameDigits'
  | 'validation.businessNameTooLong'
  | 'validation.errorMobile'
  | 'validation.categoryRequired'
  | 'validation.errorOtherCategory'
  | 'validation.otherCategoryTooLong'
  | 'validation.specialistInTooLong'
  | 'validation.errorAadhar'
  | 'validation.aadhaarInvalid'
  | 'validation.experienceRequired'
  | 'validation.experienceInvalid'
  | 'validation.experienceNegative'
  | 'validation.addressRequired'
  | 'validation.addressTooLong'
  | 'validation.addressTooShort'
  | 'validation.errorAgreeToTerms'
  | 'validation.checkField'
  | 'validation.noContactDetails'
  | 'validation.tooManyListings'
  | 'validation.alreadyRegistered';

export const REGISTRATION_ERROR_KEYS: readonly RegistrationErrorKey[] = [
  'validation.nameRequired',
  'validation.nameTooLong',
  'validation.nameTooShort',
  'validation.nameDigits',
  'validation.businessNameTooLong',
  'validation.errorMobile',
  'validation.categoryRequired',
  'validation.errorOtherCategory',
  'validation.otherCategoryTooLong',
  'validation.specialistInTooLong',
  'validation.errorAadhar',
  'validation.aadhaarInvalid',
  'validation.experienceRequired',
  'validation.experienceInvalid',
  'validation.experienceNegative',
  'validation.addressRequired',
  'validation.addressTooLong',
  'validation.addressTooShort',
  'validation.errorAgreeToTerms',
  'validation.checkField',
  'validation.noContactDetails',
  'validation.tooManyListings',
  'validation.alreadyRegistered',
];

export type RegistrationErrors = Partial<Record<RegistrationField, RegistrationErrorKey>>;

export type RegistrationValidation =
  { ok: true; input: RegistrationInput } | { ok: false; errors: RegistrationErrors; firstInvalid: RegistrationField };

/**
 * An Aadhaar number as digits only: spaces, hyphens and invisible characters dropped,
 * Devanagari digits converted. (A mobile: normalizeMobile, @city/shared/validation/phone.)
 */
export function normaliseDigits(value: string): string {
  return asciiDigits(withoutInvisible(value)).replace(/-+/gu, '');
}

/** An Indian mobile as typed (`+91 98765 43210`, `098765-43210`): @city/shared's normalizeMobile. */
export function isValidMobile(value: string): boolean {
  return normalizeMobile(value) !== null;
}

/** What is wrong with an Aadhaar number: not 12 digits, or not a number UIDAI can issue; null if fine. */
export function aadhaarProblem(value: string): 'digits' | 'invalid' | null {
  const digits = normaliseDigits(value);
  if (!/^[0-9]{12}$/.test(digits)) return 'digits';
  // UIDAI issues no number starting with 0 or 1, and the last digit is a Verhoeff check digit.
  if (!/^[2-9]/.test(digits) || !isVerhoeffValid(digits)) return 'invalid';
  return null;
}

export function isValidAadhaar(value: string): boolean {
  return aadhaarProblem(value) === null;
}

/** Years of experience from the typed text, or null when it is not a whole number 0-80. */
export function parseExperience(value: string): number | null {
  const text = asciiDigits(value).trim();
  if (!/^[0-9]{1,3}$/.test(text)) return null;
  const years = Number(text);
  return years >= REGISTRATION_LIMITS.experienceMin && years <= REGISTRATION_LIMITS.experienceMax ? years : null;
}

/** A name or an address needs at least this many letters (the database's rule too, 0012). */
export const MIN_LETTERS = 2;

/**
 * How many letters a text has: every character but white space, punctuation, symbols and
 * digits (any script's). The database counts the same way (private.letter_count).
 */
export function letterCount(text: string): number {
  return text.replace(/[\s\p{P}\p{S}\p{N}]/gu, '').length;
}

/** Validates every field; on success returns the normalised input for registerProvider. */
export function validateRegistration(values: RegistrationFormValues): RegistrationValidation {
  const errors: RegistrationErrors = {};

  const name = cleanText(values.name);
  if (name === '') errors.name = 'validation.nameRequired';
  else if (textLength(name) > REGISTRATION_LIMITS.name) errors.name = 'validation.nameTooLong';
  else if (/^[\p{N}\s\p{P}]+$/u.test(name)) errors.name = 'validation.nameDigits';
  else if (letterCount(name) < MIN_LETTERS) errors.name = 'validation.nameTooShort';

  const businessName = cleanText(values.businessName);
  if (textLength(businessName) > REGISTRATION_LIMITS.businessName) errors.businessName = 'validation.businessNameTooLong';

  const mobile = normalizeMobile(values.mobile) ?? '';
  if (mobile === '') errors.mobile = 'validation.errorMobile';

  let category = '';
  if (values.categoryId === OTHER_CATEGORY_ID) {
    const other = cleanText(values.otherCategory);
    if (other === '') errors.otherCategory = 'validation.errorOtherCategory';
    else if (textLength(other) > REGISTRATION_LIMITS.otherCategory) errors.otherCategory = 'validation.otherCategoryTooLong';
    else category = otherCategoryValue(other);
  } else {
    const entry = CATEGORIES.find((c) => c.id === values.categoryId);
    if (entry) category = storedCategoryValue(entry);
    else errors.categoryId = 'validation.categoryRequired';
  }

  const specialistIn = cleanText(values.specialistIn);
  if (textLength(specialistIn) > REGISTRATION_LIMITS.specialistIn) errors.specialistIn = 'validation.specialistInTooLong';

  const aadhaar = normaliseDigits(values.aadhaar);
  const aadhaarIssue = aadhaar === '' ? null : aadhaarProblem(aadhaar);
  if (aadhaarIssue) errors.aadhaar = aadhaarIssue === 'digits' ? 'validation.errorAadhar' : 'validation.aadhaarInvalid';

  const experience = parseExperience(values.experience);
  if (values.experience.trim() === '') errors.experience = 'validation.experienceRequired';
  else if (experience === null)
    errors.experience = /^\s*[-−]\s*[0-9]/u.test(asciiDigits(values.experience))
      ? 'validation.experienceNegative'
      : 'validation.experienceInvalid';

  const address = cleanText(values.address);
  if (address === '') errors.address = 'validation.addressRequired';
  else if (textLength(address) > REGISTRATION_LIMITS.address) errors.address = 'validation.addressTooLong';
  else if (letterCount(address) < MIN_LETTERS) errors.address = 'validation.addressTooShort';

  if (!values.agreeToTerms) errors.agreeToTerms = 'validation.errorAgreeToTerms';

  const firstInvalid = REGISTRATION_FIELD_ORDER.find((f) => errors[f] !== undefined);
  if (firstInvalid) return { ok: false, errors, firstInvalid };
  return {
    ok: true,
    input: {
      name,
      businessName: businessName === '' ? null : businessName,
      mobile,
      category,
      specialistIn: specialistIn === '' ? null : specialistIn,
      aadhaar: aadhaar === '' ? null : aadhaar,
      experience: experience as number,
      address,
    },
  };
}

/** The form field a database field name stands for. */
function formFieldOf(field: RegistrationDbField, values: Pick<RegistrationFormValues, 'categoryId'>): RegistrationField {
  switch (field) {
    case 'business_name':
      return 'businessName';
    case 'specialist_in':
      return 'specialistIn';
    case 'category':
      return values.categoryId === OTHER_CATEGORY_ID ? 'otherCategory' : 'categoryId';
    default:
      return field;
  }
}

const TOO_LONG: Partial<Record<RegistrationField, RegistrationErrorKey>> = {
  name: 'validation.nameTooLong',
  businessName: 'validation.businessNameTooLong',
  otherCategory: 'validation.otherCategoryTooLong',
  specialistIn: 'validation.specialistInTooLong',
  address: 'validation.addressTooLong',
};

/**
 * The form field and message for a field the database refused (it re-checks every rule,
 * so this only happens when the form and the database disagree).
 */
export function registrationErrorForDbField(
  field: RegistrationDbField,
  values: Pick<RegistrationFormValues, 'categoryId'>,
): { field: RegistrationField; key: RegistrationErrorKey } {
  switch (field) {
    case 'mobile':
      return { field: 'mobile', key: 'validation.errorMobile' };
    case 'category':
      return values.categoryId === OTHER_CATEGORY_ID
        ? { field: 'otherCategory', key: 'validation.errorOtherCategory' }
        : { field: 'categoryId', key: 'validation.categoryRequired' };
    case 'aadhaar':
      // The form already checks the digit count: a refusal means the number itself is wrong.
      return { field: 'aadhaar', key: 'validation.aadhaarInvalid' };
    case 'experience':
      return { field: 'experience', key: 'validation.experienceInvalid' };
    // 0012's minimums (the database's other refusals of these fields are caught by the form first).
    case 'name':
      return { field: 'name', key: 'validation.nameTooShort' };
    case 'address':
      return { field: 'address', key: 'validation.addressTooShort' };
    default:
      return { field: formFieldOf(field, values), key: 'validation.checkField' };
  }
}

/**
 * The field and message of a refusal that belongs beside a field: a value the database
 * refused, one too long, owner spam, the listing limit of this mobile, a name already
 * registered in this category. Null for the others (sign-in, limits, network).
 */
export function registrationErrorFor(
  failure: RegistrationFailure,
  values: Pick<RegistrationFormValues, 'categoryId'>,
): { field: RegistrationField; key: RegistrationErrorKey } | null {
  switch (failure.reason) {
    case 'too-many-listings':
      return { field: 'mobile', key: 'validation.tooManyListings' };
    case 'already-registered':
      return { field: 'name', key: 'validation.alreadyRegistered' };
    case 'contact-details':
      return { field: formFieldOf(failure.field, values), key: 'validation.noContactDetails' };
    case 'too-long': {
      if (!failure.field) return null;
      const field = formFieldOf(failure.field, values);
      return { field, key: TOO_LONG[field] ?? 'validation.checkField' };
    }
    case 'invalid':
      return failure.field ? registrationErrorForDbField(failure.field, values) : null;
    default:
      return null;
  }
}
