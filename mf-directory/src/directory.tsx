import { useTranslation } from 'react-i18next';
import { Button, CATEGORIES, useLanguage, type DirectoryProps } from '@city/shared';

export const INITIAL_CATEGORY_COUNT = 24;

/** Home page body. The directory issue adds search, provider lists and filters. */
export default function Directory({ onOpenRegistration }: DirectoryProps) {
  const { t } = useTranslation('directory');
  const lang = useLanguage();
  return (
    <div className="directory">
      <h1>{t('heading')}</h1>
      <Button onClick={onOpenRegistration}>{t('registerFree')}</Button>
      <h2>{t('categoriesHeading')}</h2>
      <ul className="directory__grid">
        {CATEGORIES.slice(0, INITIAL_CATEGORY_COUNT).map((c) => (
          <li key={c.id}>
            <span aria-hidden="true">{c.icon}</span> {c[lang]}
          </li>
        ))}
      </ul>
    </div>
  );
}
