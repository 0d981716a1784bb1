import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore, Button, toast } from '@city/shared';
import { knownLoginError, validateLogin, type LoginErrors } from '../utils/login';

export interface LoginFormProps {
  onSignedIn: () => void;
}

/**
 * E-mail and password, both required. While the server answers, the button says
 * 'Logging in...'. Failure: 'Login Failed' with the server's message; success:
 * 'Login Successful' / 'Welcome back, Admin!', then onSignedIn.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) {
      const first = found.email ?? found.password!;
      toast({ title: t('common:errors.errorTitle'), description: t(`validation.${first}`), variant: 'destructive' });
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setPending(true);
    let result: { ok: boolean; error: string | null };
    try {
      result = await authStore.getState().signIn(email.trim(), password, { toasts: false });
    } catch (err) {
      result = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    setPending(false);
    if (!result.ok) {
      const message = result.error ?? '';
      const known = knownLoginError(message);
      toast({
        title: t('toast.loginFailed'),
        description: known ? t(`toast.${known}`) : message || t('toast.somethingWentWrong'),
        variant: 'destructive',
      });
      setPassword('');
      passwordRef.current?.focus();
      return;
    }
    // The auth context has the new session by now. A user without the admin role is signed in
    // but not welcomed as an admin: the shell then shows its 'not authorised' page.
    if (authStore.getState().isAdmin) toast({ title: t('toast.loginSuccess'), description: t('toast.welcomeBackAdmin') });
    else toast({ title: t('notAuthorisedTitle'), description: t('notAuthorisedBody'), variant: 'destructive' });
    onSignedIn();
  };

  const describedBy = (field: keyof LoginErrors, fieldId: string) =>
    errors[field] ? { 'aria-describedby': `${fieldId}-error`, 'aria-invalid': true as const } : {};

  return (
    <form className="admin-login__form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div className={errors.email ? 'admin-field admin-field--invalid' : 'admin-field'}>
        <label className="admin-field__label" htmlFor={emailId}>
          {t('email')}
        </label>
        <input
          ref={emailRef}
          id={emailId}
          className="admin-input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
          }}
          {...describedBy('email', emailId)}
        />
        {errors.email ? (
          <p id={`${emailId}-error`} className="admin-field__error">
            {t(`validation.${errors.email}`)}
          </p>
        ) : null}
      </div>
      <div className={errors.password ? 'admin-field admin-field--invalid' : 'admin-field'}>
        <label className="admin-field__label" htmlFor={passwordId}>
          {t('password')}
        </label>
        <input
          ref={passwordRef}
          id={passwordId}
          className="admin-input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
          }}
          {...describedBy('password', passwordId)}
        />
        {errors.password ? (
          <p id={`${passwordId}-error`} className="admin-field__error">
            {t(`validation.${errors.password}`)}
          </p>
        ) : null}
      </div>
      {/* aria-disabled, not disabled: the focused button keeps focus while the server answers. */}
      <Button type="submit" className="admin-login__submit" aria-disabled={pending || undefined}>
        {pending ? t('loggingIn') : t('login')}
      </Button>
    </form>
  );
}
