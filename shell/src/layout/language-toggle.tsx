import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@city/shared';
import { LANGUAGE_PARAM } from '../app/url-language';

/**
 * Shows the other language's name in that language, as Indian sites do (हिन्दी / English).
 *
 * A link to `?lang=<other>` (honoured by the entry, src/app/url-language.ts), so a tap works
 * before the app has started: the page reloads in the other language. Once the app runs, the
 * tap switches in place instead. (A relative link: the same page, its other parameters
 * dropped; only taken in the seconds before the app starts.)
 *
 * Its accessible name starts with the visible word (WCAG 2.5.3, label in name: a voice-control
 * user says "English"), in that language, and goes on with what the link does, in the page's
 * language, for screen readers; no aria-label, which would hide the visible word.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'hi' : 'en';
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab: the link's job
    e.preventDefault();
    void setLanguage(currentLanguage() === 'en' ? 'hi' : 'en');
  };
  return (
    <a href={`?${LANGUAGE_PARAM}=${other}`} hrefLang={other} className="language-toggle" onClick={onClick}>
      <span lang={other}>{t('language.switchTo')}</span>
      <span className="visually-hidden"> {t('language.switchToLabel')}</span>
    </a>
  );
}
