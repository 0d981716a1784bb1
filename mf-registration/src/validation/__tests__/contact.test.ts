import { hasContactDetails } from '../contact';
import { validateDetails } from '../my-listing';
import { EMPTY_REGISTRATION_VALUES, validateRegistration } from '../registration';

describe('hasContactDetails (the database’s rule for owner text)', () => {
  it.each([
    ['ten digits', 'Call 9876543210'],
    ['spaces', 'Kumar 98765 43210'],
    ['dashes, dots and brackets', 'ph (0657) 222-33.44'],
    ['+91 and slashes', '+91/98765/43210'],
    ['seven digits', 'Shop 1234567'],
    ['Devanagari digits', 'फ़ोन ९८७६५४३२१०'],
    ['Devanagari digits with spaces', '९८७ ६५४ ३२१०'],
    ['mixed scripts', '98७६5 4३210'],
    ['digits behind invisible characters', '98\u200B76\u200B543210'],
    ['http', 'see http://spam.example'],
    ['https upper case', 'HTTPS://X.Y'],
    ['a domain followed by a digit', 'kumar.in2'],
    ['www.', 'www.kumar'],
    ['a .com domain', 'kumarplumbing.com'],
    ['a .in domain', 'Visit kumar.in today'],
    ['a .co.in domain', 'shop.co.in'],
  ])('refuses %s', (_name, text) => {
    expect(hasContactDetails(text)).toBe(true);
  });

  it.each([
    ['a plain name', 'Kumar Plumbing'],
    ['six digits', 'Since 2005, ward 4'],
    ['digits split by words', 'Ward 12, Shop 34, Since 2005'],
    ['Hindi text', 'गीज़र रिपेयर, दुल्हन का मेकअप'],
    ['a pin code', 'Pin 834001'],
    ['a dotted abbreviation', 'Dr. Sharma Clinic'],
    ['an initial before a word', 'R.K. Electricals'],
    ['a word that starts with a tld', 'Kumar.Indore branch'],
    ['digits split by another sign', 'Shop #12 : 34 : 567'],
    ['the word http without a colon', 'httpservice'],
  ])('allows %s', (_name, text) => {
    expect(hasContactDetails(text)).toBe(false);
  });
});

describe('owner text in the forms', () => {
  it('the registration leaves owner text to the operator’s check, as the database does', () => {
    const checked = validateRegistration({
      ...EMPTY_REGISTRATION_VALUES,
      name: 'Ramesh',
      businessName: 'Kumar ९८७६५-४३२१०',
      mobile: '9876543210',
      categoryId: 'plumber',
      specialistIn: 'www.kumar.in',
      experience: '3',
      address: 'Ward 4',
      agreeToTerms: true,
    });
    expect(checked).toMatchObject({ ok: true });
  });

  it('an owner’s edit refuses them too, and keeps a plain edit', () => {
    const base = { businessName: 'Kumar Plumbing', specialistIn: 'Geyser repair', address: 'Ward 4', experience: '3' };
    expect(validateDetails({ ...base, businessName: 'CALL 9123456789 http://spam.example' })).toEqual({
      ok: false,
      errors: { businessName: 'myListing.validation.noContact' },
    });
    expect(validateDetails({ ...base, specialistIn: 'kumar.com' })).toEqual({
      ok: false,
      errors: { specialistIn: 'myListing.validation.noContact' },
    });
    expect(validateDetails(base)).toMatchObject({ ok: true });
  });
});
