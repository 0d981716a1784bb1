/**
 * The Verhoeff check digit, which the last digit of every Aadhaar number is (UIDAI). It catches
 * every single-digit typo and every swap of two neighbouring digits, the usual slips when a
 * number is copied from a card.
 */

/** Multiplication in the dihedral group D5. */
const D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

/** The position-dependent permutation (repeats every 8 digits). */
const P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

const INVERSE: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Folds the digits from the right; `offset` 1 leaves room for a check digit still to come. */
function fold(digits: string, offset: 0 | 1): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

const DIGITS = /^[0-9]+$/;

/** The check digit to append to `digits` (ASCII digits only). */
export function verhoeffCheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new Error('verhoeffCheckDigit: digits only');
  return INVERSE[fold(digits, 1)]!;
}

/** True when the last digit of `digits` is their Verhoeff check digit. */
export function isVerhoeffValid(digits: string): boolean {
  return DIGITS.test(digits) && fold(digits, 0) === 0;
}
