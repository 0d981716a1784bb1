/**
 * Free text typed by the public (names, addresses, reviews): what counts as blank, and what is
 * removed before it is sent. The database refuses text that is blank once invisible and
 * control characters are removed (decisions section 3); the form says so first, in words.
 */

/**
 * Characters that show nothing on their own: every Unicode space (\s: NBSP, U+2000-U+200A,
 * U+202F, U+3000, ...), soft hyphen, combining grapheme joiner, zero-width space/non-joiner/
 * joiner, direction marks, bidi embeddings/overrides/isolates, word joiner and invisible
 * operators, BOM, Hangul fillers, variation selectors and tag characters.
 */
const INVISIBLE_CLASS =
  '\\s\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\u{E0000}-\\u{E007F}';

/** C0 and C1 control characters (DEL included). */
const CONTROL_CLASS = '\\u0000-\\u001F\\u007F-\\u009F';

// Each joiner, combining mark and variation selector of the class is matched alone, on purpose.
// eslint-disable-next-line no-misleading-character-class -- see above
const INVISIBLE_OR_CONTROL = new RegExp(`[${INVISIBLE_CLASS}${CONTROL_CLASS}]+`, 'gu');

// eslint-disable-next-line no-misleading-character-class -- as INVISIBLE_OR_CONTROL
const IS_INVISIBLE_OR_CONTROL = new RegExp(`^[${INVISIBLE_CLASS}${CONTROL_CLASS}]$`, 'u');

/**
 * Drops invisible and control characters from both ends. A loop, not `[...]+$`: that regex
 * is quadratic on a long run of spaces inside the text (100,000 took 11 s), and this runs
 * on every keystroke in the review box.
 */
function trimInvisible(text: string): string {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && IS_INVISIBLE_OR_CONTROL.test(chars[start]!)) start++;
  while (end > start && IS_INVISIBLE_OR_CONTROL.test(chars[end - 1]!)) end--;
  return start === 0 && end === chars.length ? text : chars.slice(start, end).join('');
}

/**
 * Bidi embeddings, overrides and isolates: they can make a text read differently from what is
 * stored (a review that reverses the next one, a name that hides its real letters), and no
 * Hindi or English text needs them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/** Whitespace control characters: a break between words, not something to delete. */
const SPACING_CONTROLS = /[\t\v\f]/gu;

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const OTHER_CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/gu;

export interface CleanTextOptions {
  /** Keep line breaks (reviews); otherwise every run of whitespace becomes one space. */
  multiline?: boolean;
}

/**
 * The text as it should be stored: bidi controls and control characters removed (newlines kept
 * when multiline, tabs as spaces), invisible characters and spaces trimmed from both ends.
 * Zero-width joiner and non-joiner stay inside the text: Devanagari spelling needs them.
 * An empty result means the text was blank.
 */
export function cleanText(value: string, { multiline = false }: CleanTextOptions = {}): string {
  let text = value.replace(/\r\n?/gu, '\n').replace(SPACING_CONTROLS, ' ');
  if (!multiline) text = text.replace(/\s+/gu, ' ');
  text = text.replace(BIDI_CONTROLS, '').replace(OTHER_CONTROLS, '');
  if (!multiline) text = text.replace(/\s+/gu, ' ');
  return trimInvisible(text);
}

/** True when nothing visible is left once invisible and control characters are removed. */
export function isBlankText(value: string): boolean {
  return cleanText(value, { multiline: true }) === '';
}

/**
 * The text with every invisible and control character removed, spaces included: for numbers
 * (mobile, Aadhaar), which arrive pasted from messages with no-break spaces or direction marks.
 */
export function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE_OR_CONTROL, '');
}

/** Length in characters as Postgres counts them (code points, not UTF-16 units). */
export function textLength(value: string): number {
  return [...value].length;
}
