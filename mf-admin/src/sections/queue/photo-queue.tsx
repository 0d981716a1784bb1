import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, useLanguage, useQuery } from '@city/shared';
import { adminApprovePhoto, adminPhotoQueue, adminRemovePhoto, type QueuedPhoto } from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Photos providers added (issue 28): nothing is public until approved here; removing deletes it. */
export function PhotoQueue() {
  const { t } = useTranslation('admin');
  const photos = useQuery('admin-photo-queue', () => adminPhotoQueue());
  const items = photos.data ?? [];
  const { setData } = photos;
  return (
    <section className="admin-queue" aria-labelledby="admin-photos-title">
      <h2 id="admin-photos-title" className="admin-section-title">
        {t('photos.heading')}
      </h2>
      {photos.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('photos.loadFailed')}</p>
          <Button variant="secondary" onClick={photos.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : photos.status === 'loading' && !photos.data ? (
        <p role="status">{t('photos.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('photos.empty')}</p>
      ) : (
        <ul className="admin-queue__list">
          {items.map((p) => (
            <li key={p.id}>
              <PhotoCard photo={p} onDecided={() => setData((d) => d?.filter((x) => x.id !== p.id))} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PhotoCard({ photo: p, onDecided }: { photo: QueuedPhoto; onDecided: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = t(`photos.kinds.${p.kind}`);
  const name = p.provider_name;

  const approve = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await run(() => adminApprovePhoto(p.id), t('photos.approved', { name }));
    setBusy(false);
    if (ok) onDecided();
  };

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} className="admin-card__title">
          {t('photos.title', { name, kind })}
        </h3>
        <time className="admin-field__hint" dateTime={p.submitted_at}>
          {formatDate(p.submitted_at, lang, DATE_TIME)}
        </time>
      </header>
      <a href={p.url} target="_blank" rel="noopener noreferrer" className="admin-photo">
        <img src={p.thumbUrl} alt={t('photos.alt', { name, kind })} width={240} height={240} loading="lazy" decoding="async" />
        <span>{t('photos.openFull')}</span>
      </a>
      {removing ? (
        <ReasonForm
          confirmLabel={t('photos.remove')}
          danger
          onCancel={() => setRemoving(false)}
          onConfirm={async (reason) => {
            const ok = await run(() => adminRemovePhoto(p.id, reason), t('photos.removed', { name }));
            if (ok) onDecided();
            return ok;
          }}
        />
      ) : (
        <div className="admin-card__actions">
          <Button onClick={() => void approve()} disabled={busy} aria-describedby={`${id}-title`}>
            {t('photos.approve')}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(true)} aria-describedby={`${id}-title`}>
            {t('photos.remove')}
          </Button>
        </div>
      )}
    </article>
  );
}
