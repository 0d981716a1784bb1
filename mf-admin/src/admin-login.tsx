import { useTranslation } from 'react-i18next';
import type { AdminLoginProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { LoginForm } from './components/login-form';
import './admin.css';

/** /admin-login: the admin's e-mail and password form. */
export default function AdminLogin({ onSignedIn }: AdminLoginProps) {
  const { t } = useTranslation('admin');
  return (
    <section className="page page--narrow admin-login" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">{t('loginTitle')}</h1>
      <p className="admin-login__intro">{t('loginIntro')}</p>
      <LoginForm onSignedIn={onSignedIn} />
    </section>
  );
}
