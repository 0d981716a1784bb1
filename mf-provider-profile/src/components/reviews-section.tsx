import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, authStore, Button, formatDate, formatNumber, isPhoneSession, toast, useLanguage } from '@city/shared';
import { loadPhoneChunk, needsPhoneSignIn, REVIEW_MAX_LENGTH, reviewLength, reviewTextProblem } from '../api';
import { useReviews } from '../hooks/use-reviews';
import { loadReviewDraft, saveReviewDraft } from '../utils/review-draft';
import { ReportButton } from './report-button';
import { usePhonePanel } from './lazy-phone-panel';

type Failure = 'network' | 'rateLimited' | 'other';
const FAILURE_KEY = { network: 'reviews.network', rateLimited: 'reviews.rateLimited', other: 'reviews.failed' } as const;

/** A post that waits for a phone sign-in; `staleToken`: the session the server refused (expired). */
type Waiting = { staleToken: string | null };

/**
 * Reviews newest first, and a form to add one (blank text is ignored, long text refused).
 * What is typed is kept as a draft per provider until it is posted (utils/review-draft); a
 * failed post says why beside the button, and pressing it again retries. Posting needs a phone
 * session: without one (or when it expired) the code step opens under the form, the draft stays,
 * and once signed in the review is posted without asking again.
 */
export function ReviewsSection({ providerId }: { providerId: string }) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  const reviews = useReviews(providerId);
  const items = reviews.data?.items ?? [];
  const [text, setText] = useState(() => loadReviewDraft(providerId));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [showTooLong, setShowTooLong] = useState(false);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { panel, fallback } = usePhonePanel(waiting !== null);
  const ids = useId();
  const length = reviewLength(text);
  const tooLong = length > REVIEW_MAX_LENGTH;
  useEffect(() => saveReviewDraft(providerId, text), [providerId, text]);

  const post = async () => {
    setSending(true);
    setFailure(null);
    const sentWith = authStore.getState().session?.access_token ?? null;
    try {
      const phone = await loadPhoneChunk();
      const outcome = await phone.keepIfOffline(() => phone.submitReview(providerId, text), { kind: 'review', providerId, text });
      if (outcome.status === 'sent') reviews.add(outcome.value);
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
      const why: Failure =
        err instanceof ApiError && err.isRateLimited ? 'rateLimited' : err instanceof ApiError && err.isNetwork ? 'network' : 'other';
      setFailure(why);
      toast({ title: t('reviews.failed'), ...(why !== 'other' ? { description: t(FAILURE_KEY[why]) } : {}), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = reviewTextProblem(text);
    if (problem === 'empty') {
      // The spec: empty or whitespace-only reviews are ignored.
      field.current?.focus();
      return;
    }
    if (problem === 'tooLong') {
      setShowTooLong(true);
      field.current?.focus();
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

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-reviews">
      <h2 id="provider-profile-reviews">{t('reviews.heading')}</h2>
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
          }}
          aria-invalid={tooLong && showTooLong ? true : undefined}
          aria-describedby={`${counterId}${showTooLong && tooLong ? ` ${errorId}` : ''}`}
        />
        <p id={counterId} className={tooLong ? 'provider-profile__counter provider-profile__counter--over' : 'provider-profile__counter'}>
          {t('reviews.counter', { count: formatNumber(length, lang), max: formatNumber(REVIEW_MAX_LENGTH, lang) })}
        </p>
        {showTooLong && tooLong ? (
          <p id={errorId} role="alert" className="provider-profile__error">
            {t('reviews.tooLong', { max: formatNumber(REVIEW_MAX_LENGTH, lang) })}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="provider-profile__error">
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

      {reviews.status === 'loading' ? (
        <p role="status">{t('reviews.loading')}</p>
      ) : reviews.status === 'error' ? (
        <div className="provider-profile__load-failed">
          <p>{t('reviews.loadFailed')}</p>
          <Button variant="secondary" onClick={reviews.reload}>
            {t('retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="provider-profile__empty">{t('reviews.empty')}</p>
      ) : (
        <ol className="provider-profile__reviews" aria-label={t('reviews.heading')}>
          {items.map((r) => (
            <li key={r.id} className="provider-profile__review">
              <p className="provider-profile__review-text" id={`${ids}-review-${r.id}`}>
                {r.review_text}
              </p>
              <div className="provider-profile__review-meta">
                <time dateTime={r.created_at}>{formatDate(r.created_at, lang)}</time>
                <ReportButton target={{ kind: 'review', id: r.id }} describedBy={`${ids}-review-${r.id}`} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {reviews.hasMore ? (
        <Button
          variant="secondary"
          onClick={() => !reviews.loadingMore && reviews.loadMore()}
          aria-disabled={reviews.loadingMore || undefined}
        >
          {reviews.loadingMore ? t('reviews.loading') : t('reviews.more')}
        </Button>
      ) : null}
    </section>
  );
}
