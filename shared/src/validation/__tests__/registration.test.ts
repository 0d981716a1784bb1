import en from '../../i18n/locales/en/registration.json';
import hi from '../../i18n/locales/hi/registration.json';
import { CATEGORIES, OTHER_CATEGORY_ID } from '../../catalogue';
import {
  EMPTY_REGISTRATION_VALUES,
  REGISTRATION_ERROR_KEYS,
  isValidAadhaar,
  isValidMobile,
  parseExperience,
  registrationErrorForDbField,
  validateRegistration,
  type RegistrationFormValues,
} from '../registration';

const plumber = CATEGORIES.find((c) => c.id === 'plumber')!;

const valid: RegistrationFormValues = {
  name: 'Ramesh Kumar',
  businessName: 'Kumar Plumbing',
  mobile: '9876543210',
  categoryId: 'plumber',
  otherCategory: '',
  specialistIn: 'Geyser repair',
  aadhaar: '123412341234',
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
        aadhaar: '123412341234',
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

  it('bounds the name at 100 characters (counted as the database counts them)', () => {
    expect(errorsOf({ name: 'a'.repeat(100) })).toEqual({});
    expect(errorsOf({ name: 'a'.repeat(101) })).toEqual({ name: 'validation.nameTooLong' });
    expect(errorsOf({ name: 'क'.repeat(100) })).toEqual({});
    // 100 emoji are 200 UTF-16 units but 100 characters for Postgres.
    expect(errorsOf({ name: '🙂'.repeat(100) })).toEqual({});
    expect(errorsOf({ name: '🙂'.repeat(101) })).toEqual({ name: 'validation.nameTooLong' });
  });

  it('bounds the optional business name at 150, specialisation at 200 and address at 300 characters', () => {
    expect(errorsOf({ businessName: 'b'.repeat(150), specialistIn: 's'.repeat(200), address: 'x'.repeat(300) })).toEqual({});
    expect(errorsOf({ businessName: 'b'.repeat(151) })).toEqual({ businessName: 'validation.businessNameTooLong' });
    expect(errorsOf({ specialistIn: 's'.repeat(201) })).toEqual({ specialistIn: 'validation.specialistInTooLong' });
    expect(errorsOf({ address: 'x'.repeat(301) })).toEqual({ address: 'validation.addressTooLong' });
    expect(errorsOf({ address: '  ' })).toEqual({ address: 'validation.addressRequired' });
  });

  it.each(['987654321', '98765432101', '98765abcde', '+919876543210', '', '98765.43210'])(
    'rejects mobile %j with errorMobile',
    (mobile) => {
      expect(errorsOf({ mobile })).toEqual({ mobile: 'validation.errorMobile' });
    },
  );

  it('accepts a mobile typed with spaces, hyphens or Devanagari digits, and stores the digits', () => {
    for (const mobile of ['98765 43210', '98765-43210', '९८७६५४३२१०']) {
      const result = validateRegistration({ ...valid, mobile });
      expect(result.ok && result.input.mobile).toBe('9876543210');
    }
  });

  it.each(['12341234123', '1234123412345', '1234abcd1234', 'xxxx-xxxx-1234'])('rejects Aadhaar %j with errorAadhar', (aadhaar) => {
    expect(errorsOf({ aadhaar })).toEqual({ aadhaar: 'validation.errorAadhar' });
  });

  it('accepts an Aadhaar typed in groups of four', () => {
    const result = validateRegistration({ ...valid, aadhaar: '1234 5678 9012' });
    expect(result.ok && result.input.aadhaar).toBe('123456789012');
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
    ['-1', 'validation.experienceInvalid'],
    ['2.5', 'validation.experienceInvalid'],
    ['81', 'validation.experienceInvalid'],
    ['ten', 'validation.experienceInvalid'],
    ['1e1', 'validation.experienceInvalid'],
  ])('rejects experience %j', (experience, key) => {
    expect(errorsOf({ experience })).toEqual({ experience: key });
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
  it('isValidMobile and isValidAadhaar check the digit counts', () => {
    expect(isValidMobile('9876543210')).toBe(true);
    expect(isValidMobile('987654321')).toBe(false);
    expect(isValidAadhaar('123412341234')).toBe(true);
    expect(isValidAadhaar('12341234123')).toBe(false);
  });

  it('maps a database field error to the form field and message', () => {
    expect(registrationErrorForDbField('mobile', valid)).toEqual({ field: 'mobile', key: 'validation.errorMobile' });
    expect(registrationErrorForDbField('aadhaar', valid)).toEqual({ field: 'aadhaar', key: 'validation.errorAadhar' });
    expect(registrationErrorForDbField('business_name', valid)).toEqual({ field: 'businessName', key: 'validation.checkField' });
    expect(registrationErrorForDbField('category', { categoryId: OTHER_CATEGORY_ID })).toEqual({
      field: 'otherCategory',
      key: 'validation.errorOtherCategory',
    });
    expect(registrationErrorForDbField('category', valid)).toEqual({ field: 'categoryId', key: 'validation.categoryRequired' });
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
});
