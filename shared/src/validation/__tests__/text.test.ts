import { cleanText, isBlankText, textLength, withoutInvisible } from '../text';

const ZWSP = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const NBSP = '\u00A0';
const SOFT_HYPHEN = '\u00AD';
const WORD_JOINER = '\u2060';
const BOM = '\uFEFF';
const RLO = '\u202E';
const LRI = '\u2066';
const PDI = '\u2069';

describe('isBlankText', () => {
  it.each([
    ['empty', ''],
    ['spaces and line breaks', ' \n\t \r\n '],
    ['zero-width characters', `${ZWSP}${ZWNJ}${ZWJ}`],
    ['word joiner and BOM', `${WORD_JOINER}${BOM}`],
    ['no-break and other Unicode spaces', `${NBSP}\u2002\u2003\u202F\u3000`],
    ['soft hyphens', `${SOFT_HYPHEN}${SOFT_HYPHEN}`],
    ['control characters', '\u0000\u0007\u001B\u007F\u0085\u009F'],
    ['bidi overrides and isolates', `${RLO}${LRI}${PDI}\u202A`],
    ['a mix of all of them', ` ${ZWSP}${NBSP}\n${SOFT_HYPHEN}\u0001${RLO}${BOM} `],
  ])('is blank: %s', (_case, text) => {
    expect(isBlankText(text)).toBe(true);
    expect(cleanText(text)).toBe('');
    expect(cleanText(text, { multiline: true })).toBe('');
  });

  it.each([['a'], ['क'], ['5'], ['.'], ['🙂'], [`${ZWSP}x${ZWSP}`]])('is not blank: %j', (text) => {
    expect(isBlankText(text)).toBe(false);
  });
});

describe('cleanText', () => {
  it('collapses whitespace to single spaces and trims a one-line field', () => {
    expect(cleanText('  Ramesh \t  Kumar\n ')).toBe('Ramesh Kumar');
    expect(cleanText(`Station${NBSP}Road`)).toBe('Station Road');
  });

  it('removes bidi overrides and isolates inside the text', () => {
    expect(cleanText(`Good ${RLO}kcab${'\u202C'} work`)).toBe('Good kcab work');
    expect(cleanText(`${LRI}Ramesh${PDI} Kumar`)).toBe('Ramesh Kumar');
  });

  it('removes control characters inside the text, and a tab is a space', () => {
    expect(cleanText('Ra\u0000me\u0007sh\u009F')).toBe('Ramesh');
    expect(cleanText('Ramesh\tKumar')).toBe('Ramesh Kumar');
    expect(cleanText('Ramesh \u0001 Kumar')).toBe('Ramesh Kumar');
  });

  it('keeps the zero-width joiner and non-joiner inside Devanagari words', () => {
    const kshatriya = `क्${ZWJ}ष`;
    const withZwnj = `क्${ZWNJ}ष`;
    expect(cleanText(` ${kshatriya} `)).toBe(kshatriya);
    expect(cleanText(withZwnj)).toBe(withZwnj);
    expect(cleanText(`राम${ZWSP}${ZWJ}`)).toBe('राम');
  });

  it('in multiline text keeps line breaks (CR LF as LF) and inner spaces, trims the ends', () => {
    expect(cleanText('\n  First line\r\nSecond  line \u0007\n\n', { multiline: true })).toBe('First line\nSecond  line');
    expect(cleanText(`${ZWSP} Nice ${RLO}work${BOM}\n`, { multiline: true })).toBe('Nice work');
  });

  it('stays fast on a long pasted run of spaces inside the text (it runs on every keystroke)', () => {
    const text = `${' '.repeat(100_000)}x${'\u00A0'.repeat(100_000)}y `;
    const started = Date.now();
    expect(cleanText(text)).toBe('x y');
    expect(textLength(cleanText(text, { multiline: true }))).toBe(100_002);
    expect(isBlankText(text)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Ramesh Kumar', 'प्लंबर, वार्ड 4', '<b>not html</b> & $1', 'emoji 🙂👍🏽']) {
      expect(cleanText(text)).toBe(text);
      expect(cleanText(text, { multiline: true })).toBe(text);
    }
  });
});

describe('withoutInvisible and textLength', () => {
  it('drops every space and invisible character', () => {
    expect(withoutInvisible(`2341${NBSP}2341\u200E 2346${ZWSP}`)).toBe('234123412346');
  });

  it('counts code points, as the database does', () => {
    expect(textLength('🙂🙂')).toBe(2);
    expect(textLength('क्ष')).toBe(3);
  });
});
