import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteSpec } from './route-context';

/**
 * Sets the document title the route manifest gives the current route: "<page> | <site>" for
 * an i18n key, the site's name and slogan for 'site', nothing for 'remote' (the remote sets
 * it). `ready`: the key's namespace is in (the legal texts load with their page); until then
 * the site's name and slogan show.
 */
export function useRouteTitle(ready = true): void {
  const { title } = useRouteSpec();
  const { t } = useTranslation();
  const site = t('app.name');
  const key = title === 'site' || title === 'remote' ? null : title;
  // 'ns:key' strings: a test checks every manifest title in both languages (tsc cannot).
  const pageTitle = key && ready ? (t as unknown as (k: string) => string)(key) : null;
  useEffect(() => {
    if (title === 'remote') return;
    document.title = pageTitle ? `${pageTitle} | ${site}` : `${site} | ${t('app.slogan')}`;
  }, [title, pageTitle, site, t]);
}
