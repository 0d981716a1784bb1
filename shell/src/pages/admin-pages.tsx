import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPhoneSession, useAuth } from '@city/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { useRouteTitle } from '../app/use-document-title';

export function AdminLoginPage() {
  // The title is the manifest's: the shell's own copy of the admin titles (common.admin), so it
  // renders even when the admin remote cannot load.
  useRouteTitle();
  const navigate = useNavigate();
  // A provider's phone session is no operator's: the login form stays (signing in replaces it).
  const signedIn = useAuth((s) => !s.loading && s.session !== null && !isPhoneSession(s.session));
  if (signedIn) return <Navigate to="/admin" replace />;
  return <RemoteSlot id="mf_admin/AdminLogin" props={{ onSignedIn: () => navigate('/admin', { replace: true }) }} />;
}

/**
 * The manifest's `guard: 'admin'`: signed-out visitors go to /admin-login; signed-in non-admins
 * are told they are not authorised. The page's title is set either way.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useRouteTitle();
  const { loading, session, isAdmin, signOut } = useAuth((s) => s);
  if (loading)
    return (
      <p className="remote-loading" role="status">
        {t('auth.checking')}
      </p>
    );
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
  return children;
}

/** /admin once the guard has let a signed-in admin through. */
export function AdminPage() {
  return <RemoteSlot id="mf_admin/AdminPanel" props={{}} />;
}
