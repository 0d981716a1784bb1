import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@city/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { useDocumentTitle } from '../app/use-document-title';

export function AdminLoginPage() {
  const { t } = useTranslation();
  // The shell's own copy of the admin titles (common.admin): it renders them even when the
  // admin remote cannot load.
  useDocumentTitle(t('admin.loginTitle'));
  const navigate = useNavigate();
  const signedIn = useAuth((s) => !s.loading && s.session !== null);
  if (signedIn) return <Navigate to="/admin" replace />;
  return <RemoteSlot id="mf_admin/AdminLogin" props={{ onSignedIn: () => navigate('/admin', { replace: true }) }} />;
}

/** /admin: signed-out visitors go to /admin-login; signed-in non-admins are told they are not authorised. */
export function AdminPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.panelTitle'));
  const { loading, session, isAdmin, signOut } = useAuth((s) => s);
  if (loading) return <p className="remote-loading" role="status">{t('auth.checking')}</p>;
  if (!session) return <Navigate to="/admin-login" replace />;
  if (!isAdmin) {
    return (
      <section className="page page--narrow">
        <h1>{t('admin.notAuthorisedTitle')}</h1>
        <p>{t('admin.notAuthorisedBody')}</p>
        <button type="button" className="ui-button ui-button--secondary ui-button--md" onClick={() => void signOut()}>
          {t('auth.signOut')}
        </button>
      </section>
    );
  }
  return <RemoteSlot id="mf_admin/AdminPanel" props={{}} />;
}
