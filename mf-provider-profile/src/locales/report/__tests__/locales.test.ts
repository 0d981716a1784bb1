import { i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import '..';

describe("the 'profileReport' namespace (the report dialog's strings)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it("is added to the page's i18n instance, both languages, when the dialog's module loads", () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'profileReport')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'profileReport')).toEqual(en);
  });
});
