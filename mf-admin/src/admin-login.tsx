import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore, Button, type AdminLoginProps } from '@city/shared';

/** /admin-login: e-mail and password; the auth store raises the spec's toasts. */
export default function AdminLogin({ onSignedIn }: AdminLoginProps) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    const ok = await authStore.getState().signIn(String(form.get('email')), String(form.get('password')));
    setPending(false);
    if (ok) onSignedIn();
  };
  return (
    <section className="page page--narrow">
      <h1>{t('loginTitle')}</h1>
      <form onSubmit={onSubmit} className="admin-login">
        <p>
          <label htmlFor="admin-email">{t('email')}</label>
          <br />
          <input id="admin-email" name="email" type="email" autoComplete="username" required />
        </p>
        <p>
          <label htmlFor="admin-password">{t('password')}</label>
          <br />
          <input id="admin-password" name="password" type="password" autoComplete="current-password" required />
        </p>
        <Button type="submit" disabled={pending}>
          {pending ? t('loggingIn') : t('login')}
        </Button>
      </form>
    </section>
  );
}
