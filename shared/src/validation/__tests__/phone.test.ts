import { asciiDigits, mobileE164, normalizeMobile } from '../phone';

const NBSP = '\u00A0';
const ZWSP = '\u200B';
const LRM = '\u200E';
const RLM = '\u200F';
const BOM = '\uFEFF';

/**
 * Every way of typing a mobile the forms meet, and what the product makes of it: the 10 digits
 * the database stores, or null (refused, the form says so in words). The cases of the two
 * parsers this one replaced (mf-registration's and the local server's), the registration
 * form's and the operator console's.
 */
const CASES: [typed: string, mobile: string | null][] = [
  // 10 digits, spaced or dashed as people group them
  ['9876543210', '9876543210'],
  ['98765 43210', '9876543210'],
  ['98765-43210', '9876543210'],
  ['6000000000', '6000000000'],
  // +91, 91 and 0 in front, with spaces, dashes, dots or parentheses
  ['+91 98765 43210', '9876543210'],
  ['+91-98765-43210', '9876543210'],
  ['+919876543210', '9876543210'],
  ['(+91) 98765.43210', '9876543210'],
  ['919876543210', '9876543210'],
  ['91 98765 43210', '9876543210'],
  ['098765-43210', '9876543210'],
  ['0 98765 43210', '9876543210'],
  // Devanagari digits, alone or mixed with ASCII ones and the prefixes
  ['९८७६५४३२१०', '9876543210'],
  ['९८७६५ ४३२१०', '9876543210'],
  ['+९१ ९८७६५-४३२१०', '9876543210'],
  ['०९८७६५४३२१०', '9876543210'],
  ['98765 ४३२१०', '9876543210'],
  // invisible characters pasted with the number (messages, contact cards)
  [`  98765${ZWSP}43210 `, '9876543210'],
  [`98765${NBSP}43210`, '9876543210'],
  [`${LRM}+91 98765 43210${RLM}`, '9876543210'],
  [`${BOM}9876543210`, '9876543210'],
  ['\t98765 43210\n', '9876543210'],
  // refused: empty, too short, too long
  ['', null],
  ['+91', null],
  ['12345', null],
  ['987654321', null],
  ['98765432101', null],
  ['91987654321', null],
  ['0098765432101', null],
  // refused: not starting 6-9 (landlines, made-up numbers)
  ['5876543210', null],
  ['0123456789', null],
  ['1234567890', null],
  // refused: another country, or the prefix twice
  ['+92 98765 43210', null],
  ['+929876543210', null],
  ['+91 +91 98765 43210', null],
  ['+91 0 98765 43210', null],
  // refused: letters, or separators the forms do not take
  ['98765abcde', null],
  ['abcdefghij', null],
  ['98765/43210', null],
  ['98765_43210', null],
];

describe('normalizeMobile: an Indian mobile as people type it', () => {
  it.each(CASES.filter(([, mobile]) => mobile !== null))('%j is %j', (typed, mobile) => {
    expect(normalizeMobile(typed)).toBe(mobile);
  });

  it.each(CASES.filter(([, mobile]) => mobile === null).map(([typed]) => typed))('refuses %j', (typed) => {
    expect(normalizeMobile(typed)).toBeNull();
  });

  it('gives the same 10 digits back (stored numbers are read again unchanged)', () => {
    for (const [, mobile] of CASES) if (mobile !== null) expect(normalizeMobile(mobile)).toBe(mobile);
  });
});

describe('mobileE164: what the forms send GoTrue', () => {
  it('is +91 and the 10 digits, which GoTrue stores as 919876543210', () => {
    expect(mobileE164('9876543210')).toBe('+919876543210');
  });
});

describe('asciiDigits', () => {
  it('turns each Devanagari digit into its ASCII digit and leaves the rest', () => {
    expect(asciiDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(asciiDigits('कोड १२३ ab')).toBe('कोड 123 ab');
  });
});
