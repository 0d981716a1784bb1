import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import { sendCode, verifyCode } from '../../api';
import { normalizeCode, normalizeMobile } from '../../validation';
import { signInErrorText } from '../../utils/sign-in-message';
import { FormField } from '../form-field';

/** The number as a person reads it: "+91 98765 43210". */
export const displayPhone = (mobile: string) => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

/**
 * Sign-in by mobile number and a one-time SMS code (GoTrue phone OTP). Step one sends the code,
 * step two checks it; the page's auth context follows the new session. Every failure is said in
 * words beside the field (and announced), with when to try again.
 */
export function PhoneSignIn() {
  const { t } = useTranslation('registration');
  const base = useId();
  const [typed, setTyped] = useState('');
  const [mobile, setMobile] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  // Focus follows the step: the code field once a code is sent, the number field when going back.
  const stepChanged = useRef(false);
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    (mobile === null ? phoneInput : codeInput).current?.focus();
  }, [mobile]);

  const run = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const send = (number: string) =>
    run(async () => {
      const result = await sendCode(number);
      if (!result.ok) {
        setError(signInErrorText(result, t));
        return;
      }
      setError(null);
      stepChanged.current = mobile !== number;
      setMobile(number);
      setCode('');
      if (mobile === number) codeInput.current?.focus();
    });

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const number = normalizeMobile(typed);
    if (number === null) {
      setError(t('myListing.validation.phone'));
      phoneInput.current?.focus();
      return;
    }
    void send(number);
  };

  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    if (mobile === null) return;
    const token = normalizeCode(code);
    if (token === null) {
      setError(t('myListing.validation.code'));
      codeInput.current?.focus();
      return;
    }
    void run(async () => {
      const result = await verifyCode(mobile, token);
      if (!result.ok) {
        setError(signInErrorText(result, t));
        codeInput.current?.focus();
      }
      // Signed in: the auth context changes and the page shows the listings.
    });
  };

  if (mobile === null) {
    return (
      <form className="my-listing__card my-listing__form" noValidate onSubmit={onSend} aria-busy={busy}>
        <h2>{t('myListing.signIn.title')}</h2>
        <FormField
          id={`${base}-phone`}
          label={t('myListing.signIn.mobile')}
          hint={t('myListing.signIn.mobileHint')}
          error={error ?? undefined}
          live
        >
          {(control) => (
            <input
              {...control}
              ref={phoneInput}
              className="registration-input"
              type="tel"
              name="mobile"
              autoComplete="tel"
              inputMode="tel"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? t('myListing.signIn.sending') : t('myListing.signIn.sendCode')}
        </Button>
      </form>
    );
  }

  return (
    <form className="my-listing__card my-listing__form" noValidate onSubmit={onVerify} aria-busy={busy}>
      <h2>{t('myListing.signIn.title')}</h2>
      <p role="status">{t('myListing.signIn.codeSent', { phone: displayPhone(mobile) })}</p>
      <FormField id={`${base}-code`} label={t('myListing.signIn.code')} error={error ?? undefined} live>
        {(control) => (
          <input
            {...control}
            ref={codeInput}
            className="registration-input registration-input--short"
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      <div className="my-listing__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('myListing.signIn.verifying') : t('myListing.signIn.verify')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void send(mobile)}>
          {t('myListing.signIn.resend')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => {
            stepChanged.current = true;
            setMobile(null);
            setError(null);
          }}
        >
          {t('myListing.signIn.changeNumber')}
        </Button>
      </div>
    </form>
  );
}
