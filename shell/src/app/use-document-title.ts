import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> | <site>" in the current language; null keeps the site name only. */
export function useDocumentTitle(pageTitle: string | null): void {
  const { t } = useTranslation();
  const site = t('app.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${site}` : `${site} | ${t('app.slogan')}`;
  }, [pageTitle, site, t]);
}
