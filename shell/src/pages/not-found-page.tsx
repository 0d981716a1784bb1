import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../app/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useRouteTitle();
  return (
    <section className="page page--narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className="ui-button ui-button--primary ui-button--md">
        {t('notFound.goHome')}
      </Link>
    </section>
  );
}
