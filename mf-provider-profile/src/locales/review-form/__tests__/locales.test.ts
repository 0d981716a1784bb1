import { i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import '..';

describe("the 'profileReviewForm' namespace (the review form's strings)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it("adds both languages to the page's i18n instance when the form's module loads", () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'profileReviewForm')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'profileReviewForm')).toEqual(en);
  });
});
