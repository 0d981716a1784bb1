import { currentLanguage, i18n, initI18n, LANGUAGE_STORAGE_KEY, setLanguage } from '../instance';
import { formatDate, formatRating } from '../format';

describe('i18n instance', () => {
  beforeAll(() => initI18n());

  it('starts in Hindi with English as fallback', () => {
    expect(currentLanguage()).toBe('hi');
    expect(i18n.t('app.slogan')).toBe('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('switching language persists the choice and updates <html lang>', async () => {
    await setLanguage('en');
    expect(i18n.t('app.slogan')).toBe('Your City, Your Services - Everything Made Easy!');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('formats ratings and dates for the language', () => {
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatDate('2025-09-05T00:00:00Z', 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 September 2025');
    expect(formatDate('2025-09-05T00:00:00Z', 'hi', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 सितंबर 2025');
    // A Hindi time says the part of the day in words, never a Latin "am"/"pm".
    const withTime = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
    expect(formatDate('2026-11-23T15:30:00Z', 'hi', withTime)).toBe('23 नव॰ 2026, दोपहर 3:30');
    expect(formatDate('2026-11-23T09:05:00Z', 'hi', withTime)).toBe('23 नव॰ 2026, सुबह 9:05');
    expect(formatDate('2026-11-23T15:30:00Z', 'en', withTime)).toMatch(/3:30\s?pm/i);
  });
});
