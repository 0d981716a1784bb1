import { isVerhoeffValid, verhoeffCheckDigit } from '../verhoeff';

describe('Verhoeff check digit', () => {
  it('matches the published examples', () => {
    // The examples of Verhoeff's scheme in common references: 236 -> 3, 12345 -> 1.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(isVerhoeffValid('123451')).toBe(true);
  });

  it.each(['234123412346', '987654321012', '500000000006', '299999999992', '412345678902', '765432109878'])(
    'accepts %s (check digit computed for its first 11 digits)',
    (number) => {
      expect(verhoeffCheckDigit(number.slice(0, 11))).toBe(Number(number[11]));
      expect(isVerhoeffValid(number)).toBe(true);
    },
  );

  it('refuses every other last digit', () => {
    for (let d = 0; d <= 9; d++) {
      expect(isVerhoeffValid(`23412341234${d}`)).toBe(d === 6);
    }
  });

  it('catches a swap of two neighbouring digits', () => {
    expect(isVerhoeffValid('324123412346')).toBe(false);
    expect(isVerhoeffValid('234123412364')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('2341 2341 2346')).toBe(false);
    expect(isVerhoeffValid('२३४१२३४१२३४६')).toBe(false);
    expect(() => verhoeffCheckDigit('12a')).toThrow();
  });
});
