/** What the login form checks before asking the server (spec: e-mail and password required). */
type LoginFieldError = 'emailRequired' | 'emailInvalid' | 'passwordRequired';

export interface LoginErrors {
  email?: LoginFieldError;
  password?: LoginFieldError;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const e = email.trim();
  if (e === '') errors.email = 'emailRequired';
  else if (!EMAIL_RE.test(e)) errors.email = 'emailInvalid';
  if (password === '') errors.password = 'passwordRequired';
  return errors;
}

/**
 * The server's sign-in failure, as the key of a translated message when it is one we know
 * (wrong credentials, no connection); null means show the server's own message.
 */
export function knownLoginError(message: string): 'invalidCredentials' | 'networkError' | 'tooManyAttempts' | null {
  if (/invalid login credentials|invalid_credentials|invalid_grant/i.test(message)) return 'invalidCredentials';
  // GoTrue's 429 after 5 failed sign-ins per account or client in 15 minutes.
  if (/request rate limit|over_request_rate_limit|too many requests/i.test(message)) return 'tooManyAttempts';
  if (/failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(message)) return 'networkError';
  return null;
}
