import { ensureLanguage, i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import '..';

describe("the 'profilePlace' namespace (the place line's strings)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it("adds its Hindi to the page's i18n instance when the place line's module loads, and its English only when wanted", async () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'profilePlace')).toEqual(hi);
    // English is a chunk of its own: not in until the page needs it (a Hindi visitor never does).
    expect(i18n.hasResourceBundle('en', 'profilePlace')).toBe(false);
    await ensureLanguage('en');
    expect(i18n.getResourceBundle('en', 'profilePlace')).toEqual(en);
  });
});
