import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';

export function ProfileLoading() {
  const { t } = useTranslation('profile');
  return (
    <p role="status" className="provider-profile__status">
      {t('loading')}
    </p>
  );
}

/** Unknown, malformed or not-approved id: a translated not-found with a way home. */
export function ProfileNotFound() {
  const { t } = useTranslation('profile');
  return (
    <section className="provider-profile__card provider-profile__status">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
      <Link className="ui-button ui-button--primary" to="/">
        {t('backHome')}
      </Link>
    </section>
  );
}

/** The backend could not be reached: say so and offer a retry (and a way home). */
export function ProfileLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <section className="provider-profile__card provider-profile__status" role="alert">
      <h1>{t('loadFailedTitle')}</h1>
      <p>{t('loadFailedBody')}</p>
      <div className="provider-profile__actions">
        <Button onClick={onRetry}>{t('retry')}</Button>
        <Link className="ui-button ui-button--secondary" to="/">
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
