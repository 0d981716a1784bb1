import { e164, normalizeMobile } from '../phone';

describe('normalizeMobile (the same cases as the database’s private.normalize_mobile)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['(+91) 98765.43210', '9876543210'],
    ['  98765\u200b43210 ', '9876543210'],
    ['९८७६५ ४३२१०', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%j is %j', (typed, stored) => {
    expect(normalizeMobile(typed)).toBe(stored);
  });

  it.each(['', '987654321', '98765432101', '5876543210', '0123456789', '+92 98765 43210', '0098765432101', '98765abcde', '+91'])(
    'refuses %j',
    (typed) => {
      expect(normalizeMobile(typed)).toBeNull();
    },
  );

  it('gives GoTrue the E.164 form', () => {
    expect(e164('9876543210')).toBe('+919876543210');
  });
});
