import { i18n } from '../../i18n/instance';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '../../testing';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import '..';

describe("the 'phoneSignIn' namespace (the code step's strings)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it('comes whole with the step (both languages: no second download while the visitor waits for a code)', () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'phoneSignIn')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'phoneSignIn')).toEqual(en);
  });
});
