import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatNumber, useLanguage } from '@city/shared';
import { cleanText, textLength } from '@city/shared/validation';
import { replyToReview, type ListingReview, type MyListing } from '../../api';
import { useListingReviews } from '../../hooks/use-my-listing';
import { useSave } from '../../hooks/use-save';
import { FormMessage } from './form-message';

/** A reply's bounds after cleaning (the database checks the same: reply_to_review). */
const REPLY_MAX_LENGTH = 500;

const cleanReply = (text: string) => cleanText(text, { multiline: true });

/** The form under one review without a reply: a reply is sent once and cannot be edited. */
function ReplyForm({ review, onReplied }: { review: ListingReview; onReplied: (text: string) => void }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const base = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<'empty' | 'tooLong' | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { busy, message, setMessage, save } = useSave(() => {});
  const length = textLength(cleanReply(text));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const cleaned = cleanReply(text);
    const why = cleaned === '' ? 'empty' : textLength(cleaned) > REPLY_MAX_LENGTH ? 'tooLong' : null;
    setProblem(why);
    if (why) {
      setMessage(null);
      field.current?.focus();
      return;
    }
    void save(async () => {
      const result = await replyToReview(review.id, cleaned);
      if (result.ok) onReplied(cleaned);
      return result;
    }, t('myListing.reviews.sent'));
  };

  return (
    <form className="my-listing__reply-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <label htmlFor={`${base}-reply`}>{t('myListing.reviews.replyLabel')}</label>
      <textarea
        id={`${base}-reply`}
        ref={field}
        className="registration-input registration-textarea"
        rows={3}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${base}-count${problem ? ` ${base}-problem` : ''}`}
      />
      <p id={`${base}-count`} className="my-listing__note">
        {t('myListing.reviews.counter', { count: formatNumber(length, lang), max: formatNumber(REPLY_MAX_LENGTH, lang) })}
      </p>
      {problem ? (
        <p id={`${base}-problem`} role="alert" className="my-listing__message my-listing__message--error">
          {t(problem === 'empty' ? 'myListing.reviews.empty' : 'myListing.reviews.tooLong', {
            max: formatNumber(REPLY_MAX_LENGTH, lang),
          })}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? t('myListing.saving') : t('myListing.reviews.send')}
      </Button>
      <FormMessage message={message} />
    </form>
  );
}

/**
 * The listing's newest reviews as visitors see them, each with the owner's reply or a form to
 * write it (once: a reply is not edited). Only a listed (approved) listing has reviews.
 */
export function ReviewReplies({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const base = useId();
  const reviews = useListingReviews(listing.status === 'approved' ? listing.id : null);
  if (listing.status !== 'approved') return null;

  const replied = (id: string, text: string) =>
    reviews.setData((rows) => (rows ?? []).map((r) => (r.id === id ? { ...r, reply_text: text } : r)));

  let body;
  if (reviews.status === 'error' && !reviews.data) {
    body = (
      <div role="alert">
        <p>{t('myListing.reviews.loadFailed')}</p>
        <Button variant="secondary" onClick={reviews.reload}>
          {t('myListing.errors.retry')}
        </Button>
      </div>
    );
  } else if (!reviews.data) {
    body = <p role="status">{t('myListing.reviews.loading')}</p>;
  } else if (reviews.data.length === 0) {
    body = <p>{t('myListing.reviews.none')}</p>;
  } else {
    body = (
      <ol className="my-listing__reviews">
        {reviews.data.map((r) => (
          <li key={r.id} className="my-listing__review">
            <p className="my-listing__label">
              {r.reviewer_name || t('myListing.reviews.visitor')}
              {r.rating ? ` · ${t('myListing.reviews.stars', { rating: formatNumber(r.rating, lang) })}` : ''}
              {' · '}
              <time dateTime={r.created_at}>{formatDate(r.created_at, lang)}</time>
            </p>
            <p className="my-listing__review-text">{r.review_text}</p>
            {r.reply_text ? (
              <div className="my-listing__reply">
                <p className="my-listing__label">{t('myListing.reviews.yourReply')}</p>
                <p className="my-listing__review-text">{r.reply_text}</p>
              </div>
            ) : (
              <ReplyForm review={r} onReplied={(text) => replied(r.id, text)} />
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="my-listing__form" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>{t('myListing.reviews.title')}</h3>
      <p className="my-listing__note">{t('myListing.reviews.note')}</p>
      {body}
    </section>
  );
}
