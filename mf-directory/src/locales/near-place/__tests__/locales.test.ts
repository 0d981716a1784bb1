import { i18n } from '@city/shared';
import { localeProblems, NO_LOCALE_PROBLEMS, setTestLanguage } from '@city/shared/testing';
import en from '../en.json';
import hi from '../hi.json';
import '..';

describe("the 'directoryNearPlace' namespace (the strings of the near-place chunk)", () => {
  it('has every key in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });

  it("adds both languages to the page's i18n instance when the chunk's module loads (shown offline: no further download)", () => {
    setTestLanguage('hi');
    expect(i18n.getResourceBundle('hi', 'directoryNearPlace')).toEqual(hi);
    expect(i18n.getResourceBundle('en', 'directoryNearPlace')).toEqual(en);
  });
});
