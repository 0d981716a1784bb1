import { PAGE_CONTENT_TIMEOUT_MS } from '../../scheduling/page-content';
import { fakeTimers, realTimers, until } from './until';
// The page downloads only the current language's base chunk before the first render; English
// (the fallback) follows in the background, and a switch waits for the other language's
// resources. Each remote's namespace comes inside its code: see namespaces.test.ts.
type Instance = typeof import('../instance') & { markPageContentShown: () => void };

/** A fresh i18n module (the instance is a module singleton), as on a new page load. */
function freshInstance(): Instance {
  let mod!: Instance;
  jest.isolateModules(() => {
    const { markPageContentShown } = require('../../scheduling/page-content') as typeof import('../../scheduling/page-content');
    mod = { ...(require('../instance') as typeof import('../instance')), markPageContentShown };
  });
  return mod;
}

beforeEach(() => localStorage.clear());
afterEach(() => realTimers());

describe('language resources on demand', () => {
  it("starts with the shell's Hindi strings only, then adds English in the background", async () => {
    fakeTimers();
    const { i18n, initI18n, markPageContentShown } = freshInstance();
    await initI18n('hi');
    expect(i18n.t('app.slogan')).toBe('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!');
    // The shell's admin pages render these before (or without) the admin remote.
    expect(i18n.t('admin.notAuthorisedTitle')).toBe('अनुमति नहीं है');
    // No remote's strings: each brings its own (the directory's come with the directory remote).
    expect(i18n.hasResourceBundle('hi', 'directory')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    // Not before the page's own content is on screen (a list's first results), however idle:
    // every timer due before the content wait's own limit has run.
    await jest.advanceTimersByTimeAsync(PAGE_CONTENT_TIMEOUT_MS - 1);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    markPageContentShown();
    // The frame that shows it, idle, the fallback's delay: then the download.
    await jest.advanceTimersByTimeAsync(PAGE_CONTENT_TIMEOUT_MS);
    realTimers();
    await until(() => i18n.hasResourceBundle('en', 'common'));
    expect(i18n.language).toBe('hi');
  });

  it('starting in English (the fallback) downloads no Hindi', async () => {
    fakeTimers();
    const { i18n, initI18n, markPageContentShown } = freshInstance();
    await initI18n('en');
    expect(i18n.t('app.slogan')).toBe('Your City, Your Services - Everything Made Easy!');
    // Content shown, and every timer after it (idle, the background task's delay) has run.
    markPageContentShown();
    await jest.advanceTimersByTimeAsync(2 * PAGE_CONTENT_TIMEOUT_MS);
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(false);
  });

  it('setLanguage adds the other language before switching, so no key is ever shown', async () => {
    const { i18n, initI18n, setLanguage, LANGUAGE_STORAGE_KEY } = freshInstance();
    await initI18n('en');
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(false);
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('app.slogan')));
    await setLanguage('hi');
    expect(seen).toEqual(['आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!']);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('city.lang', 'en');
    const { currentLanguage, initI18n } = freshInstance();
    await initI18n();
    expect(currentLanguage()).toBe('en');
  });
});
