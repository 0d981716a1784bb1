import { useTranslation } from 'react-i18next';
import { Button, useAuth, type AdminPanelProps } from '@city/shared';

/** /admin. The admin issue adds the approval queue. */
export default function AdminPanel(_props: AdminPanelProps) {
  const { t } = useTranslation(['admin', 'common']);
  const email = useAuth((s) => s.user?.email ?? '');
  const signOut = useAuth((s) => s.signOut);
  return (
    <section className="page">
      <h1>{t('admin:panelTitle')}</h1>
      <p>{t('admin:signedInAs', { email })}</p>
      <Button variant="secondary" onClick={() => void signOut()}>
        {t('common:auth.signOut')}
      </Button>
    </section>
  );
}
