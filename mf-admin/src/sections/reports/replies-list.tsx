import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, formatDate, useLanguage, useQuery } from '@city/shared';
import { adminHideReply, adminListReplies, type ConsoleReply } from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Providers' replies to reviews (migration 0015), newest first, hidden ones too: the operator
 * hides a reply (or shows it again) with a reason, logged in the audit log. A hidden reply is
 * not public, and its review cannot be answered again.
 */
export function RepliesList() {
  const { t } = useTranslation('admin');
  const id = useId();
  const replies = useQuery('admin-replies', () => adminListReplies());
  const items = replies.data ?? [];
  const { setData } = replies;
  const changed = (reviewId: string, hidden: boolean) => setData((d) => d?.map((r) => (r.review_id === reviewId ? { ...r, hidden } : r)));

  return (
    <section className="admin-replies" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('replies.heading')}</h3>
      <p className="admin-field__hint">{t('replies.intro')}</p>
      {replies.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('replies.loadFailed')}</p>
          <Button variant="secondary" onClick={replies.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : replies.status === 'loading' && !replies.data ? (
        <p role="status">{t('replies.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('replies.empty')}</p>
      ) : (
        <ul className="admin-queue__list">
          {items.map((r) => (
            <li key={r.review_id}>
              <ReplyCard reply={r} onChanged={(hidden) => changed(r.review_id, hidden)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReplyCard({ reply: r, onChanged }: { reply: ConsoleReply; onChanged: (hidden: boolean) => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [open, setOpen] = useState(false);
  const hide = !r.hidden;

  const decide = async (reason: string) => {
    const ok = await run(
      () => adminHideReply(r.review_id, hide, reason),
      t(hide ? 'replies.done.hide' : 'replies.done.show', { name: r.provider_name }),
    );
    if (ok) {
      setOpen(false);
      onChanged(hide);
    }
    return ok;
  };

  return (
    <div className="admin-card" role="group" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <p id={`${id}-title`} className="admin-card__title">
          {t('replies.by', { name: r.provider_name })}
        </p>
        <Badge tone={r.hidden ? 'warning' : 'success'}>{t(r.hidden ? 'replies.hidden' : 'replies.shown')}</Badge>
      </header>
      <p className="admin-field__hint">{t('replies.review')}</p>
      <blockquote className="admin-report__quote">{r.review_text}</blockquote>
      <p className="admin-field__hint">
        {t('replies.reply')} <time dateTime={r.created_at}>{formatDate(r.created_at, lang, DATE_TIME)}</time>
      </p>
      <blockquote className="admin-report__quote">{r.reply_text}</blockquote>
      {open ? (
        <ReasonForm
          confirmLabel={t(hide ? 'replies.actions.hide' : 'replies.actions.show')}
          danger={hide}
          onConfirm={decide}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <div className="admin-card__actions">
          <Button variant={hide ? 'primary' : 'secondary'} onClick={() => setOpen(true)} aria-describedby={`${id}-title`}>
            {t(hide ? 'replies.actions.hide' : 'replies.actions.show')}
          </Button>
        </div>
      )}
    </div>
  );
}
