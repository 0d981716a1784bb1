import { LANGUAGE_STORAGE_KEY as SHARED_KEY } from '@city/shared/i18n';
import { applyLanguageFromUrl, LANGUAGE_STORAGE_KEY, splitLanguageParam } from '../url-language';

describe('?lang= in the URL (the language link that works before the app starts)', () => {
  it('uses the key i18n reads the stored choice from', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe(SHARED_KEY);
  });

  it('takes the language out of the search string and keeps the other parameters', () => {
    expect(splitLanguageParam('?lang=en')).toEqual({ language: 'en', search: '' });
    expect(splitLanguageParam('?category=plumber&lang=hi&sort=newly_added')).toEqual({
      language: 'hi',
      search: '?category=plumber&sort=newly_added',
    });
    expect(splitLanguageParam('?lang=fr&q=x')).toEqual({ language: null, search: '?q=x' });
    expect(splitLanguageParam('?q=x')).toEqual({ language: null, search: '?q=x' });
  });

  it('stores the choice and removes it from the address bar', () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    window.history.replaceState(null, '', '/provider/abc?lang=en#reviews');
    applyLanguageFromUrl();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/provider/abc#reviews');
  });

  it('ignores a value that is not a language, and leaves a URL without it alone', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    window.history.replaceState(null, '', '/?lang=de&q=nal');
    applyLanguageFromUrl();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(window.location.search).toBe('?q=nal');
  });
});
