import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import { CATEGORIES, OTHER_CATEGORY_ID } from '@city/shared';
import {
  EMPTY_REGISTRATION_VALUES,
  REGISTRATION_ERROR_KEYS,
  aadhaarProblem,
  isValidAadhaar,
  isValidMobile,
  letterCount,
  parseExperience,
  registrationErrorForDbField,
  validateRegistration,
  type RegistrationFormValues,
} from '../registration';

const plumber = CATEGORIES.find((c) => c.id === 'plumber')!;

/** A 12-digit number starting 2-9 whose last digit is its Verhoeff check digit. */
const AADHAAR = '234123412346';

const valid: RegistrationFormValues = {
  name: 'Ramesh Kumar',
  businessName: 'Kumar Plumbing',
  mobile: '9876543210',
  categoryId: 'plumber',
  otherCategory: '',
  specialistIn: 'Geyser repair',
  aadhaar: AADHAAR,
  experience: '7',
  address: 'Station Road, Ward 4',
  agreeToTerms: true,
};

function errorsOf(patch: Partial<RegistrationFormValues>) {
  const result = validateRegistration({ ...valid, ...patch });
  return result.ok ? {} : result.errors;
}

describe('validateRegistration', () => {
  it('accepts a complete registration and returns the input for the database', () => {
    expect(validateRegistration(valid)).toEqual({
      ok: true,
      input: {
        name: 'Ramesh Kumar',
        businessName: 'Kumar Plumbing',
        mobile: '9876543210',
        category: `${plumber.icon} ${plumber.hi}`,
        specialistIn: 'Geyser repair',
        aadhaar: AADHAAR,
        experience: 7,
        address: 'Station Road, Ward 4',
      },
    });
  });

  it('sends blank optional fields as null and collapses whitespace', () => {
    const result = validateRegistration({
      ...valid,
      name: '  Ramesh   Kumar ',
      businessName: '   ',
      specialistIn: '',
      aadhaar: ' ',
      address: ' Station\n Road ',
      experience: '0',
    });
    expect(result.ok && result.input).toMatchObject({
      name: 'Ramesh Kumar',
      businessName: null,
      specialistIn: null,
      aadhaar: null,
      address: 'Station Road',
      experience: 0,
    });
  });

  it('reports every required field of an empty form, first the name', () => {
    const result = validateRegistration({ ...EMPTY_REGISTRATION_VALUES });
    expect(result).toEqual({
      ok: false,
      firstInvalid: 'name',
      errors: {
        name: 'validation.nameRequired',
        mobile: 'validation.errorMobile',
        categoryId: 'validation.categoryRequired',
        experience: 'validation.experienceRequired',
        address: 'validation.addressRequired',
        agreeToTerms: 'validation.errorAgreeToTerms',
      },
    });
  });

  it.each([['   '], ['\n\t']])('treats a whitespace-only name %j as missing', (name) => {
    expect(errorsOf({ name })).toEqual({ name: 'validation.nameRequired' });
  });

  // Zero-width, word joiner, BOM, no-break and other Unicode spaces, soft hyphen, controls, bidi.
  const INVISIBLE_ONLY = [['\u200B\u200C\u200D'], ['\u2060\uFEFF'], ['\u00A0\u2003\u3000'], ['\u00AD'], ['\u0001\u0085'], ['\u202E\u2066']];

  it.each(INVISIBLE_ONLY)('treats text made only of invisible or control characters (%j) as missing', (blank) => {
    expect(errorsOf({ name: blank, address: blank })).toEqual({ name: 'validation.nameRequired', address: 'validation.addressRequired' });
    expect(errorsOf({ categoryId: OTHER_CATEGORY_ID, otherCategory: blank })).toEqual({ otherCategory: 'validation.errorOtherCategory' });
    const result = validateRegistration({ ...valid, businessName: blank, specialistIn: blank });
    expect(result.ok && result.input).toMatchObject({ businessName: null, specialistIn: null });
  });

  it('removes bidi overrides and control characters before sending, and keeps the joiners Devanagari needs', () => {
    const result = validateRegistration({
      ...valid,
      name: '\u202ERamesh\u202C \u0007Kumar\u200B',
      businessName: 'क्\u200Dष Tailors\u2066',
      specialistIn: 'Geyser\u0000 repair',
      address: '\u00A0Station\u00A0Road\u2069',
    });
    expect(result.ok && result.input).toMatchObject({
      name: 'Ramesh Kumar',
      businessName: 'क्\u200Dष Tailors',
      specialistIn: 'Geyser repair',
      address: 'Station Road',
    });
  });

  it('bounds the name at 100 characters (counted as the database counts them)', () => {
    expect(errorsOf({ name: 'a'.repeat(100) })).toEqual({});
    expect(errorsOf({ name: 'a'.repeat(101) })).toEqual({ name: 'validation.nameTooLong' });
    expect(errorsOf({ name: 'क'.repeat(100) })).toEqual({});
    // 100 emoji are 200 UTF-16 units but 100 characters for Postgres.
    expect(errorsOf({ name: `Ra${'🙂'.repeat(98)}` })).toEqual({});
    expect(errorsOf({ name: `Ra${'🙂'.repeat(99)}` })).toEqual({ name: 'validation.nameTooLong' });
  });

  it('bounds the optional business name at 150, specialisation at 200 and address at 300 characters', () => {
    expect(errorsOf({ businessName: 'b'.repeat(150), specialistIn: 's'.repeat(200), address: 'x'.repeat(300) })).toEqual({});
    expect(errorsOf({ businessName: 'b'.repeat(151) })).toEqual({ businessName: 'validation.businessNameTooLong' });
    expect(errorsOf({ specialistIn: 's'.repeat(201) })).toEqual({ specialistIn: 'validation.specialistInTooLong' });
    expect(errorsOf({ address: 'x'.repeat(301) })).toEqual({ address: 'validation.addressTooLong' });
    expect(errorsOf({ address: '  ' })).toEqual({ address: 'validation.addressRequired' });
  });

  it.each(['987654321', '98765432101', '98765abcde', '+929876543210', '', '1234567890', '5876543210'])(
    'rejects mobile %j with errorMobile',
    (mobile) => {
      expect(errorsOf({ mobile })).toEqual({ mobile: 'validation.errorMobile' });
    },
  );

  it('accepts a mobile typed with spaces, hyphens, +91, 0 or Devanagari digits, and stores the digits', () => {
    for (const mobile of [
      '98765 43210',
      '98765-43210',
      '९८७६५४३२१०',
      '+91 98765 43210',
      '+91-98765-43210',
      '098765-43210',
      '919876543210',
    ]) {
      const result = validateRegistration({ ...valid, mobile });
      expect(result.ok && result.input.mobile).toBe('9876543210');
    }
  });

  it.each(['23412341234', '2341234123466', '2341abcd2346', 'xxxx-xxxx-1234'])('rejects Aadhaar %j with errorAadhar', (aadhaar) => {
    expect(errorsOf({ aadhaar })).toEqual({ aadhaar: 'validation.errorAadhar' });
  });

  it.each([
    ['a wrong check digit', '234123412345'],
    ['two neighbouring digits swapped', '243123412346'],
    // Both pass the checksum: only the first digit is wrong.
    ['a first digit 1', '123412341234'],
    ['a first digit 0', '012345678906'],
    ['all zeros', '000000000000'],
  ])('rejects a 12-digit Aadhaar with %s (%s) with aadhaarInvalid', (_case, aadhaar) => {
    expect(errorsOf({ aadhaar })).toEqual({ aadhaar: 'validation.aadhaarInvalid' });
  });

  it('accepts an Aadhaar typed in groups of four, with hyphens, Devanagari digits or pasted invisible characters', () => {
    for (const aadhaar of ['2341 2341 2346', '2341-2341-2346', '२३४१ २३४१ २३४६', '\u200E2341\u00A02341\u00A02346\u200B']) {
      const result = validateRegistration({ ...valid, aadhaar });
      expect(result.ok && result.input.aadhaar).toBe(AADHAAR);
    }
  });

  it('requires a category from the catalogue', () => {
    expect(errorsOf({ categoryId: '' })).toEqual({ categoryId: 'validation.categoryRequired' });
    expect(errorsOf({ categoryId: 'not-a-category' })).toEqual({ categoryId: 'validation.categoryRequired' });
  });

  it("stores 'Other' as OTHERS: text and requires that text", () => {
    const result = validateRegistration({ ...valid, categoryId: OTHER_CATEGORY_ID, otherCategory: '  Home   bakery ' });
    expect(result.ok && result.input.category).toBe('OTHERS: Home bakery');
    expect(errorsOf({ categoryId: OTHER_CATEGORY_ID, otherCategory: '   ' })).toEqual({
      otherCategory: 'validation.errorOtherCategory',
    });
    expect(errorsOf({ categoryId: OTHER_CATEGORY_ID, otherCategory: 'o'.repeat(101) })).toEqual({
      otherCategory: 'validation.otherCategoryTooLong',
    });
  });

  it('ignores the Other text when a catalogue category is chosen', () => {
    const result = validateRegistration({ ...valid, otherCategory: 'leftover' });
    expect(result.ok && result.input.category).toBe(`${plumber.icon} ${plumber.hi}`);
  });

  it.each([
    ['', 'validation.experienceRequired'],
    ['  ', 'validation.experienceRequired'],
    ['-1', 'validation.experienceNegative'],
    [' -3 ', 'validation.experienceNegative'],
    ['2.5', 'validation.experienceInvalid'],
    ['81', 'validation.experienceInvalid'],
    ['ten', 'validation.experienceInvalid'],
    ['1e1', 'validation.experienceInvalid'],
  ])('rejects experience %j', (experience, key) => {
    expect(errorsOf({ experience })).toEqual({ experience: key });
  });

  it.each([
    ['R', 'validation.nameTooShort'],
    ['क', 'validation.nameTooShort'],
    ['12345', 'validation.nameDigits'],
    ['१२३ ४५', 'validation.nameDigits'],
    ['98765-43210.', 'validation.nameDigits'],
  ])('refuses the name %j (at least 2 letters, not only digits)', (name, key) => {
    expect(errorsOf({ name })).toEqual({ name: key });
  });

  it.each([['Al'], ['राम'], ['Ramesh 2'], ['रा']])('accepts the name %j', (name) => {
    expect(errorsOf({ name })).toEqual({});
  });

  it.each([['A'], ['12/34'], ['#']])('refuses the address %j (at least 2 letters)', (address) => {
    expect(errorsOf({ address })).toEqual({ address: 'validation.addressTooShort' });
  });

  it('counts letters as the database does: not spaces, punctuation, symbols or digits', () => {
    expect(letterCount(' R-1. ')).toBe(1);
    expect(letterCount('राम')).toBe(3);
    expect(letterCount('MG Road 12')).toBe(6);
  });

  it('accepts experience from 0 to 80 whole years', () => {
    expect(parseExperience('0')).toBe(0);
    expect(parseExperience(' 80 ')).toBe(80);
    expect(parseExperience('१२')).toBe(12);
    expect(parseExperience('81')).toBeNull();
  });

  it('requires the terms box', () => {
    expect(errorsOf({ agreeToTerms: false })).toEqual({ agreeToTerms: 'validation.errorAgreeToTerms' });
  });

  it('names the first invalid field in form order', () => {
    const result = validateRegistration({ ...valid, aadhaar: '12', mobile: '1' });
    expect(result.ok ? null : result.firstInvalid).toBe('mobile');
  });
});

describe('helpers', () => {
  it('isValidMobile checks the digit count; isValidAadhaar the count, the first digit and the checksum', () => {
    expect(isValidMobile('9876543210')).toBe(true);
    expect(isValidMobile('987654321')).toBe(false);
    expect(isValidAadhaar(AADHAAR)).toBe(true);
    expect(isValidAadhaar('987654321012')).toBe(true);
    expect(isValidAadhaar('23412341234')).toBe(false);
    expect(isValidAadhaar('234123412345')).toBe(false);
    expect(isValidAadhaar('123412341234')).toBe(false);
    expect(aadhaarProblem('2341234123')).toBe('digits');
    expect(aadhaarProblem('000000000000')).toBe('invalid');
    expect(aadhaarProblem('2341 2341 2346')).toBeNull();
  });

  it('maps a database field error to the form field and message', () => {
    expect(registrationErrorForDbField('mobile', valid)).toEqual({ field: 'mobile', key: 'validation.errorMobile' });
    expect(registrationErrorForDbField('aadhaar', valid)).toEqual({ field: 'aadhaar', key: 'validation.aadhaarInvalid' });
    expect(registrationErrorForDbField('business_name', valid)).toEqual({ field: 'businessName', key: 'validation.checkField' });
    expect(registrationErrorForDbField('category', { categoryId: OTHER_CATEGORY_ID })).toEqual({
      field: 'otherCategory',
      key: 'validation.errorOtherCategory',
    });
    expect(registrationErrorForDbField('category', valid)).toEqual({ field: 'categoryId', key: 'validation.categoryRequired' });
    // 0012's minimums: the database's refusal of a name or an address has its own message.
    expect(registrationErrorForDbField('name', valid)).toEqual({ field: 'name', key: 'validation.nameTooShort' });
    expect(registrationErrorForDbField('address', valid)).toEqual({ field: 'address', key: 'validation.addressTooShort' });
    expect(hi.validation.nameTooShort).toBe('नाम में कम से कम 2 अक्षर होने चाहिए।');
    expect(en.validation.addressTooShort).toBe('An address needs at least 2 letters.');
  });
});

describe('messages', () => {
  const lookup = (resources: unknown, key: string) =>
    key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], resources);

  it.each(REGISTRATION_ERROR_KEYS)('%s has an English and a Hindi message', (key) => {
    expect(lookup(en, key)).toEqual(expect.any(String));
    expect(lookup(hi, key)).toMatch(/[\u0900-\u097F]/u);
  });

  it("uses the spec's wording in English", () => {
    expect(en.validation.errorMobile).toBe('Please enter a valid 10-digit mobile number.');
    expect(en.validation.errorAadhar).toBe('Aadhar number must be 12 digits.');
    expect(en.validation.errorOtherCategory).toBe("Please enter the service name for 'Other'.");
    expect(en.validation.errorAgreeToTerms).toBe('You must agree to Terms & Conditions.');
  });

  it('says in plain words when an Aadhaar number is not valid', () => {
    expect(en.validation.aadhaarInvalid).toBe('This Aadhaar number is not valid. Please check it.');
    expect(hi.validation.aadhaarInvalid).toBe('यह आधार नंबर सही नहीं है। कृपया जाँच लें।');
  });
});
