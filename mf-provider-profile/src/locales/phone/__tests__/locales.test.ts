import { i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import { addProfilePhoneStrings } from '..';

describe("the 'profilePhone' namespace (the strings around the code step)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it('adds both languages at once when the panel loads (no second download while the visitor waits)', () => {
    setTestLanguage('hi');
    addProfilePhoneStrings();
    expect(i18n.getResourceBundle('hi', 'profilePhone')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'profilePhone')).toEqual(en);
  });
});
