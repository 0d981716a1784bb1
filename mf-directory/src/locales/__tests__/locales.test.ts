import { i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import '..';

describe("the 'directory' namespace (this remote's own strings)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it("is added to the page's i18n instance, both languages, when this remote loads", () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'directory')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'directory')).toEqual(en);
  });
});
