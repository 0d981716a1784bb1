import { formatDate, formatNumber, formatRating } from '../format';
import { resources } from '../all-resources';
import { i18n, initI18nWithResources } from '../instance';
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

  it.each([...LANGUAGES])('writes small decimals with fraction digits exactly as Intl does in %s (the path that skips Intl)', (lang) => {
    const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
    const values = [0, 0.05, 0.25, 1, 2.4, 2.45, 3.05, 4.35, 4.95, 4.999, 5, 12.3456, 99.95, 999.94, 999.96, 1000.5, 123456.78];
    const optionSets: Intl.NumberFormatOptions[] = [
      {},
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
      { maximumFractionDigits: 1 },
      { maximumFractionDigits: 2 },
      { minimumFractionDigits: 2 },
      { minimumFractionDigits: 1, maximumFractionDigits: 3 },
      { maximumFractionDigits: 0 },
    ];
    for (const options of optionSets) {
      for (const value of values) {
        expect([options, value, formatNumber(value, lang, options)]).toEqual([
          options,
          value,
          new Intl.NumberFormat(locale, options).format(value),
        ]);
      }
    }
    for (let i = 0; i < 300; i += 1) {
      const value = Math.round(((i * 7919) % 100000) * 1.37) / 137; // spread over 0-1000, many decimals
      const options = optionSets[i % optionSets.length];
      expect([options, value, formatNumber(value, lang, options)]).toEqual([
        options,
        value,
        new Intl.NumberFormat(locale, options).format(value),
      ]);
    }
    for (let tenths = 0; tenths <= 50; tenths += 1) {
      const value = tenths / 10 + 0.05;
      expect(formatRating(value, lang)).toBe(
        new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value),
      );
    }
  });

  it.each([...LANGUAGES])('writes a distance in kilometres (unit style) exactly as Intl does in %s, one formatter per options', (lang) => {
    const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
    const spy = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (const value of [0, 0.04, 2.43, 9.96, 10, 12.5, 123.4, 1234.5]) {
        for (const maximumFractionDigits of [0, 1]) {
          const options: Intl.NumberFormatOptions = { style: 'unit', unit: 'kilometer', maximumFractionDigits };
          expect([value, options, formatNumber(value, lang, options)]).toEqual([
            value,
            options,
            new Intl.NumberFormat(locale, options).format(value),
          ]);
        }
      }
      // The unit style never takes the plain-digits path, and formatNumber made at most one
      // formatter per precision (the test's own make one per call).
      const own = 8 * 2;
      expect(spy.mock.calls.length - own).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('groups and rounds by the language (Indian grouping), reusing formatters', () => {
    expect(formatNumber(1234567, 'en')).toBe('12,34,567');
    expect(formatNumber(1234567, 'hi')).toBe(new Intl.NumberFormat('hi-IN').format(1234567));
    expect(formatNumber(-5, 'en', { useGrouping: false })).toBe(new Intl.NumberFormat('en-IN', { useGrouping: false }).format(-5));
    expect(formatNumber(2.5, 'en', { useGrouping: false })).toBe('2.5');
    expect(formatRating(4, 'hi')).toBe(new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4));
  });
});

describe('formatDate', () => {
  beforeAll(() => initI18nWithResources('hi', resources));

  it.each([...LANGUAGES])('writes a long date exactly as Intl does in %s, every month (the path that skips Intl)', (lang) => {
    const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const local = new Date(2026, month, day, 23, 30);
        expect(formatDate(local, lang)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(local));
        const iso = `2025-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00Z`;
        expect(formatDate(iso, lang, { dateStyle: 'long', timeZone: 'UTC' })).toBe(
          new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)),
        );
      }
    }
  });

  it('uses Intl for other styles and when the language has no strings yet', () => {
    const date = new Date(2026, 10, 27, 15, 30);
    expect(formatDate(date, 'en', { dateStyle: 'medium' })).toBe(new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(date));
    i18n.removeResourceBundle('en', 'common');
    try {
      expect(formatDate(date, 'en')).toBe(new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' }).format(date));
    } finally {
      i18n.addResourceBundle('en', 'common', resources.en.common, true, true);
    }
  });
});
