import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, authStore, Button, formatNumber, isPhoneSession, toast, useLanguage } from '@city/shared';
import { loadPhoneChunk, needsPhoneSignIn, REVIEW_MAX_LENGTH, reviewerNameOk, reviewLength, reviewTextProblem, type Review } from '../api';
import { loadReviewDraft, saveReviewDraft } from '../utils/review-draft';
import { usePhonePanel } from './lazy-phone-panel';
import '../locales/review-form';

type Failure = 'network' | 'rateLimited' | 'other' | 'empty' | 'name';
const FAILURE_KEY = {
  network: 'profile:reviews.network',
  rateLimited: 'profile:reviews.rateLimited',
  other: 'profile:reviews.failed',
  empty: 'profileReviewForm:emptyText',
  name: 'profileReviewForm:nameInvalid',
} as const;

/** Why the server refused a post, as the form says it: blank text or a bad name have their own words. */
function failureOf(err: unknown): Failure {
  if (!(err instanceof ApiError)) return 'other';
  if (err.isRateLimited) return 'rateLimited';
  if (err.isNetwork) return 'network';
  if (err.details === 'reviewer_name') return 'name';
  if (err.details === 'review_text' && err.code === '23502') return 'empty';
  return 'other';
}

/** A post that waits for a phone sign-in; `staleToken`: the session the server refused (expired). */
type Waiting = { staleToken: string | null };

export interface ReviewFormProps {
  providerId: string;
  /** The stored review, just posted: put first in the list. */
  onPosted: (review: Review) => void;
  /** Opened by a tap: the text box takes the focus. */
  focus?: boolean;
}

/**
 * The form to add a review (its own chunk: the profile's first render carries only the button
 * that opens it, reviews-section.tsx). An optional first name (letters only, 2..40, shown with
 * the review, never the phone); blank text or a bad name are refused with a message before
 * sending, and when the server refuses them; long text refused. What is typed is kept as a
 * draft per provider until it is posted (utils/review-draft); a failed post says why beside the
 * button, and pressing it again retries. Posting needs a phone session: without one (or when it
 * expired) the code step opens under the form, the draft stays, and once signed in the review is
 * posted without asking again.
 */
export default function ReviewForm({ providerId, onPosted, focus = false }: ReviewFormProps) {
  const { t } = useTranslation(['profile', 'profileReviewForm']);
  const lang = useLanguage();
  const [text, setText] = useState(() => loadReviewDraft(providerId));
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [showTooLong, setShowTooLong] = useState(false);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const { panel, fallback } = usePhonePanel(waiting !== null);
  const ids = useId();
  const length = reviewLength(text);
  const tooLong = length > REVIEW_MAX_LENGTH;
  useEffect(() => saveReviewDraft(providerId, text), [providerId, text]);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);

  const post = async () => {
    setSending(true);
    setFailure(null);
    const sentWith = authStore.getState().session?.access_token ?? null;
    try {
      const phone = await loadPhoneChunk();
      const named = name.trim() !== '';
      const outcome = await phone.keepIfOffline(
        () => (named ? phone.submitReview(providerId, text, name) : phone.submitReview(providerId, text)),
        { kind: 'review', providerId, text, ...(named ? { name } : {}) },
      );
      if (outcome.status === 'sent') onPosted(outcome.value);
      setText('');
      setShowTooLong(false);
      // Offline: kept on this device and sent when back online (api/outbox.ts).
      toast({ title: t(outcome.status === 'sent' ? 'reviews.success' : 'outbox.pending') });
    } catch (err) {
      // The session expired: the draft stays, and the code step asks for a new sign-in.
      if (needsPhoneSignIn(err)) {
        setWaiting({ staleToken: sentWith });
        return;
      }
      const why = failureOf(err);
      setFailure(why);
      toast({ title: t('reviews.failed'), ...(why !== 'other' ? { description: t(FAILURE_KEY[why]) } : {}), variant: 'destructive' });
      if (why === 'empty') field.current?.focus();
      if (why === 'name') nameField.current?.focus();
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = reviewTextProblem(text);
    if (problem === 'empty') {
      // Said, not dropped in silence (issue 28): nothing visible to send.
      setFailure('empty');
      field.current?.focus();
      return;
    }
    if (problem === 'tooLong') {
      setShowTooLong(true);
      field.current?.focus();
      return;
    }
    if (!reviewerNameOk(name)) {
      setFailure('name');
      nameField.current?.focus();
      return;
    }
    if (!isPhoneSession(authStore.getState().session)) {
      setFailure(null);
      setWaiting({ staleToken: null });
      return;
    }
    void post();
  };

  const errorId = `${ids}-error`;
  const counterId = `${ids}-counter`;
  const failureId = `${ids}-failure`;
  const textInvalid = (tooLong && showTooLong) || failure === 'empty';

  return (
    <>
      <form className="provider-profile__review-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${ids}-text`}>{t('reviews.label')}</label>
        <textarea
          id={`${ids}-text`}
          ref={field}
          rows={4}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (reviewLength(e.target.value) <= REVIEW_MAX_LENGTH) setShowTooLong(false);
            if (failure === 'empty') setFailure(null);
          }}
          aria-invalid={textInvalid || undefined}
          aria-describedby={`${counterId}${showTooLong && tooLong ? ` ${errorId}` : ''}${failure === 'empty' ? ` ${failureId}` : ''}`}
        />
        <p id={counterId} className={tooLong ? 'provider-profile__counter provider-profile__counter--over' : 'provider-profile__counter'}>
          {t('reviews.counter', { count: formatNumber(length, lang), max: formatNumber(REVIEW_MAX_LENGTH, lang) })}
        </p>
        {showTooLong && tooLong ? (
          <p id={errorId} role="alert" className="provider-profile__error">
            {t('reviews.tooLong', { max: formatNumber(REVIEW_MAX_LENGTH, lang) })}
          </p>
        ) : null}
        <label htmlFor={`${ids}-name`}>{t('profileReviewForm:nameLabel')}</label>
        <input
          id={`${ids}-name`}
          ref={nameField}
          className="provider-profile__review-name"
          value={name}
          maxLength={60}
          autoComplete="given-name"
          onChange={(e) => {
            setName(e.target.value);
            if (failure === 'name') setFailure(null);
          }}
          aria-invalid={failure === 'name' || undefined}
          aria-describedby={`${ids}-name-hint${failure === 'name' ? ` ${failureId}` : ''}`}
        />
        <p id={`${ids}-name-hint`} className="provider-profile__hint">
          {t('profileReviewForm:nameHint')}
        </p>
        {failure ? (
          <p id={failureId} role="alert" className="provider-profile__error">
            {t(FAILURE_KEY[failure])}
          </p>
        ) : null}
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? t('reviews.submitting') : t('reviews.submit')}
        </Button>
      </form>
      {waiting ? (
        panel ? (
          <panel.ReviewPhonePanel
            staleToken={waiting.staleToken}
            onCancel={() => setWaiting(null)}
            // Signed in (a new session): the review is posted without asking again.
            onSignedIn={() => {
              setWaiting(null);
              void post();
            }}
          />
        ) : (
          fallback
        )
      ) : null}
    </>
  );
}
