import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@city/shared';

/** Shows the other language's name in that language, as Indian sites do (हिन्दी / English). */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'hi' : 'en';
  return (
    <button
      type="button"
      className="language-toggle"
      lang={other}
      aria-label={t('language.switchToLabel')}
      onClick={() => void setLanguage(currentLanguage() === 'en' ? 'hi' : 'en')}
    >
      {t('language.switchTo')}
    </button>
  );
}
