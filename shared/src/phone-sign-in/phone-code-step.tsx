import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@city/shared';
import {
  displayPhone,
  normalizeCode,
  normalizeMobile,
  sendPhoneCode,
  verifyPhoneCode,
  type PhoneSignInFailure,
  type PhoneSignInResult,
} from './api';
import { addPhoneSignInStrings } from './locales';
import './phone-sign-in.css';

// The step's strings, in the page's i18n instance as soon as this chunk runs.
addPhoneSignInStrings();

type T = TFunction<'phoneSignIn'>;

/** A wait in seconds as words: "45 seconds", "12 minutes". */
export function waitText(seconds: number, t: T): string {
  return seconds < 60 ? t('wait.seconds', { count: seconds }) : t('wait.minutes', { count: Math.ceil(seconds / 60) });
}

/** What the step says when sending or checking a code failed: translated, with when to retry. */
export function phoneSignInErrorText(failure: PhoneSignInFailure, t: T): string {
  switch (failure.reason) {
    case 'invalid-phone':
      return t('errors.invalidPhone');
    case 'wrong-code':
      return t('errors.wrongCode');
    case 'too-many-sends':
      return failure.retryAfterSeconds
        ? t('errors.tooManySends', { wait: waitText(failure.retryAfterSeconds, t) })
        : t('errors.tooManySendsLater');
    case 'too-many-tries':
      return failure.retryAfterSeconds
        ? t('errors.tooManyTries', { wait: waitText(failure.retryAfterSeconds, t) })
        : t('errors.tooManyTriesLater');
    case 'too-many-requests':
      return failure.retryAfterSeconds
        ? t('errors.tooManyRequests', { wait: waitText(failure.retryAfterSeconds, t) })
        : t('errors.tooManyRequestsLater');
    case 'signups-disabled':
      return t('errors.signupsDisabled');
    case 'network':
      return t('errors.network');
    default:
      return t('errors.unknown');
  }
}

/** A failure GoTrue answered with a wait: no new code may be asked for until it is over. */
const waitOf = (failure: PhoneSignInFailure): number | null =>
  (failure.reason === 'too-many-sends' || failure.reason === 'too-many-requests') && failure.retryAfterSeconds
    ? failure.retryAfterSeconds
    : null;

export interface PhoneCodeStepProps {
  /** The step's heading (default: "Confirm your mobile number"). */
  title?: string;
  /** The heading's level where the step sits (default 2). */
  headingLevel?: 2 | 3;
  /** Why a code is asked for, under the heading (e.g. "To rate, confirm your mobile"). */
  reason?: ReactNode;
  /** The hint under the number field (default: the code is texted there, nobody sees it). */
  mobileHint?: string;
  /** Called once the code is checked: supabase-js holds the session (the auth store follows). */
  onSignedIn?: () => void;
  /** Shows a "Not now" button that calls it. */
  onCancel?: () => void;
  className?: string;
  /** Who sends and checks codes (default: GoTrue through the page's supabase client). */
  sendCode?: (mobile: string) => Promise<PhoneSignInResult>;
  verifyCode?: (mobile: string, code: string) => Promise<PhoneSignInResult>;
}

/**
 * Sign-in by mobile number and a one-time SMS code (GoTrue phone OTP): step one sends the
 * code, step two checks it. Every failure is said in words beside the field and announced,
 * with when to try again; a wait GoTrue asks for (429) counts down, and no new code can be
 * asked for meanwhile. The number is shown back only as the visitor typed it, in this step.
 */
export function PhoneCodeStep({
  title,
  headingLevel = 2,
  reason,
  mobileHint,
  onSignedIn,
  onCancel,
  className,
  sendCode = sendPhoneCode,
  verifyCode = verifyPhoneCode,
}: PhoneCodeStepProps) {
  const { t } = useTranslation('phoneSignIn');
  const base = useId();
  const [typed, setTyped] = useState('');
  const [mobile, setMobile] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A wait GoTrue asked for: until this time (ms), and the seconds left (ticks every second).
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const inFlight = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const done = useRef(onSignedIn);
  done.current = onSignedIn;
  // Focus follows the step: the code field once a code is sent, the number field when going back.
  const stepChanged = useRef(false);
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    (mobile === null ? phoneInput : codeInput).current?.focus();
  }, [mobile]);

  useEffect(() => {
    if (waitUntil === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((waitUntil - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setWaitUntil(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [waitUntil]);
  const waiting = waitUntil !== null && secondsLeft > 0;

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

  const fail = (failure: PhoneSignInFailure) => {
    setError(phoneSignInErrorText(failure, t));
    const wait = waitOf(failure);
    if (wait !== null) {
      setSecondsLeft(wait);
      setWaitUntil(Date.now() + wait * 1000);
    }
  };

  const send = (number: string) =>
    run(async () => {
      if (waiting) return;
      const result = await sendCode(number);
      const toCodeStep = mobile !== number;
      if (!result.ok) {
        fail(result);
        // A code was sent to this number moments ago (GoTrue spaces them): it may have arrived.
        if (result.reason !== 'too-many-sends' || !toCodeStep) return;
      } else setError(null);
      stepChanged.current = toCodeStep;
      setMobile(number);
      setCode('');
      if (!toCodeStep) codeInput.current?.focus();
    });

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const number = normalizeMobile(typed);
    if (number === null) {
      setError(t('validation.phone'));
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
      setError(t('validation.code'));
      codeInput.current?.focus();
      return;
    }
    void run(async () => {
      const result = await verifyCode(mobile, token);
      if (!result.ok) {
        fail(result);
        codeInput.current?.focus();
        return;
      }
      setError(null);
      done.current?.();
    });
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const classes = ['phone-step', className].filter(Boolean).join(' ');
  const errorId = `${base}-error`;
  const errorLine = error ? (
    <p id={errorId} className="phone-step__error" role="alert">
      {error}
    </p>
  ) : null;
  // role="timer": shown, not announced every second (the alert above said the wait once).
  const countdown = waiting ? (
    <p className="phone-step__countdown" role="timer">
      {t('countdown', { wait: waitText(secondsLeft, t) })}
    </p>
  ) : null;
  const cancel = onCancel ? (
    <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={onCancel}>
      {t('cancel')}
    </Button>
  ) : null;

  if (mobile === null) {
    const hintId = `${base}-phone-hint`;
    return (
      <form className={classes} noValidate onSubmit={onSend} aria-busy={busy}>
        <Heading className="phone-step__title">{title ?? t('title')}</Heading>
        {reason ? <p className="phone-step__reason">{reason}</p> : null}
        <label className="phone-step__label" htmlFor={`${base}-phone`}>
          {t('mobile')}
        </label>
        <input
          id={`${base}-phone`}
          ref={phoneInput}
          className="phone-step__input"
          type="tel"
          name="mobile"
          autoComplete="tel"
          inputMode="tel"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
        />
        <p id={hintId} className="phone-step__hint">
          {mobileHint ?? t('mobileHint')}
        </p>
        {errorLine}
        {countdown}
        <div className="phone-step__actions">
          <Button type="submit" aria-disabled={busy || waiting || undefined}>
            {busy ? t('sending') : t('sendCode')}
          </Button>
          {cancel}
        </div>
      </form>
    );
  }

  return (
    <form className={classes} noValidate onSubmit={onVerify} aria-busy={busy}>
      <Heading className="phone-step__title">{title ?? t('title')}</Heading>
      <p role="status">{t('codeSent', { phone: displayPhone(mobile) })}</p>
      <label className="phone-step__label" htmlFor={`${base}-code`}>
        {t('code')}
      </label>
      <input
        id={`${base}-code`}
        ref={codeInput}
        className="phone-step__input phone-step__input--code"
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
      />
      {errorLine}
      {countdown}
      <div className="phone-step__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('verifying') : t('verify')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          aria-disabled={busy || waiting || undefined}
          onClick={() => {
            if (!busy && !waiting) void send(mobile);
          }}
        >
          {t('resend')}
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
          {t('changeNumber')}
        </Button>
        {cancel}
      </div>
    </form>
  );
}
