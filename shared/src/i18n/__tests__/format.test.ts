import { formatNumber, formatRating } from '../format';
import { LANGUAGES } from '../resources';

describe('formatNumber', () => {
  it.each([...LANGUAGES])('writes whole numbers without grouping exactly as Intl does in %s (the path that skips Intl)', (lang) => {
    const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
    for (const value of [0, 7, 2025, 12345, 1234567, Number.MAX_SAFE_INTEGER]) {
      expect(formatNumber(value, lang, { useGrouping: false })).toBe(new Intl.NumberFormat(locale, { useGrouping: false }).format(value));
    }
  });

  it.each([...LANGUAGES])(
    'writes whole numbers below 1000 with the default options exactly as Intl does in %s (the path that skips Intl)',
    (lang) => {
      const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
      for (const value of [0, 1, 3, 42, 999, 1000, 1001, 123456]) {
        expect(formatNumber(value, lang)).toBe(new Intl.NumberFormat(locale).format(value));
      }
    },
  );

  it('groups and rounds by the language (Indian grouping), reusing formatters', () => {
    expect(formatNumber(1234567, 'en')).toBe('12,34,567');
    expect(formatNumber(1234567, 'hi')).toBe(new Intl.NumberFormat('hi-IN').format(1234567));
    expect(formatNumber(-5, 'en', { useGrouping: false })).toBe(new Intl.NumberFormat('en-IN', { useGrouping: false }).format(-5));
    expect(formatNumber(2.5, 'en', { useGrouping: false })).toBe('2.5');
    expect(formatRating(4, 'hi')).toBe(new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4));
  });
});
