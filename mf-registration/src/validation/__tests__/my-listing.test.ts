import { changeValuesOf, hoursValuesOf, validateChange, validateDetails, validateHours, validateLeaveUntil } from '../my-listing';

const live = { name: 'Ramesh Kumar', category: '🔧 प्लंबर', mobile: '9876543210' };

describe('the rules of /my-listing (the registration’s, re-checked by the database)', () => {
  it('cleans live details and keeps the registration’s bounds', () => {
    expect(validateDetails({ businessName: '  ', specialistIn: ' Geyser\u202E ', address: ' Station Road ', experience: '७' })).toEqual({
      ok: true,
      input: { businessName: null, specialistIn: 'Geyser', address: 'Station Road', experience: 7 },
    });
    const bad = validateDetails({ businessName: 'b'.repeat(151), specialistIn: 's'.repeat(201), address: '\u200b', experience: '81' });
    expect(bad).toEqual({
      ok: false,
      errors: {
        businessName: 'myListing.validation.businessNameTooLong',
        specialistIn: 'myListing.validation.specialistInTooLong',
        address: 'myListing.validation.addressRequired',
        experience: 'myListing.validation.experienceInvalid',
      },
    });
  });

  it('asks for at least 2 letters in an address, as registration does (the database too, 0020)', () => {
    for (const address of ['X', '12 / 4', '७ -']) {
      expect(validateDetails({ businessName: '', specialistIn: '', address, experience: '5' })).toEqual({
        ok: false,
        errors: { address: 'myListing.validation.addressTooShort' },
      });
    }
    expect(validateDetails({ businessName: '', specialistIn: '', address: 'घर 12', experience: '5' })).toMatchObject({ ok: true });
  });

  it('sends only what changed to the operator, the mobile as 10 digits', () => {
    const start = changeValuesOf(live);
    expect(start).toEqual({ name: 'Ramesh Kumar', categoryId: 'plumber', otherCategory: '', mobile: '9876543210' });
    expect(validateChange(start, live)).toEqual({ ok: false, errors: { form: 'myListing.validation.nothingChanged' } });
    expect(validateChange({ ...start, mobile: '+91 98765 43210' }, live)).toEqual({
      ok: false,
      errors: { form: 'myListing.validation.nothingChanged' },
    });
    expect(validateChange({ ...start, mobile: '+91 91234 56789', categoryId: 'electrician' }, live)).toEqual({
      ok: true,
      input: { name: null, category: '⚡ इलेक्ट्रीशियन', mobile: '9123456789' },
    });
    expect(validateChange({ ...start, categoryId: 'other', otherCategory: ' Bakery ' }, live)).toEqual({
      ok: true,
      input: { name: null, category: 'OTHERS: Bakery', mobile: null },
    });
  });

  it('refuses a blank name, an empty Other, an unknown category and a bad mobile', () => {
    const start = changeValuesOf(live);
    expect(validateChange({ ...start, name: ' ', mobile: '12345' }, live)).toEqual({
      ok: false,
      errors: { name: 'myListing.validation.nameRequired', mobile: 'myListing.validation.mobile' },
    });
    expect(validateChange({ ...start, categoryId: 'other', otherCategory: '' }, live)).toMatchObject({
      errors: { otherCategory: 'myListing.validation.otherCategory' },
    });
    expect(validateChange({ ...start, categoryId: 'no-such' }, live)).toMatchObject({
      errors: { categoryId: 'myListing.validation.categoryRequired' },
    });
  });

  it('starts an Other listing’s form on Other with its text', () => {
    expect(changeValuesOf({ ...live, category: 'OTHERS: Home Bakery' })).toMatchObject({
      categoryId: 'other',
      otherCategory: 'Home Bakery',
    });
  });

  it('a leave ends today or later', () => {
    expect(validateLeaveUntil('2026-03-02', '2026-03-02')).toEqual({ ok: true, input: '2026-03-02' });
    expect(validateLeaveUntil('2026-03-01', '2026-03-02')).toEqual({ ok: false, errors: { date: 'myListing.validation.datePast' } });
    expect(validateLeaveUntil('', '2026-03-02')).toEqual({ ok: false, errors: { date: 'myListing.validation.dateRequired' } });
    expect(validateLeaveUntil('2026-13-40', '2026-03-02')).toEqual({ ok: false, errors: { date: 'myListing.validation.dateRequired' } });
  });

  it('hours: closed days are null, open before close, HH:MM from HH:MM:SS', () => {
    const values = hoursValuesOf(null);
    expect(values.sun.closed).toBe(true);
    values.mon = { closed: false, open: '09:00:00', close: '13:30' };
    values.tue = { closed: false, open: '18:00', close: '09:00' };
    values.wed = { closed: false, open: '', close: '17:00' };
    expect(validateHours(values)).toEqual({
      ok: false,
      errors: { tue: 'myListing.validation.openBeforeClose', wed: 'myListing.validation.timesRequired' },
    });
    values.tue.closed = true;
    values.wed.open = '10:00';
    const ok = validateHours(values);
    expect(ok.ok && ok.input).toEqual({
      mon: { open: '09:00', close: '13:30' },
      tue: null,
      wed: { open: '10:00', close: '17:00' },
      thu: { open: '09:00', close: '18:00' },
      fri: { open: '09:00', close: '18:00' },
      sat: { open: '09:00', close: '18:00' },
      sun: null,
    });
    expect(hoursValuesOf(ok.ok ? ok.input : null).tue).toMatchObject({ closed: true });
  });
});
