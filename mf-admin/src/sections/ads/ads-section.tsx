import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, formatDate, formatNumber, useLanguage, useQuery } from '@city/shared';
import { adminDeleteAd, adminListAds, adminSaveAd, type ConsoleAd } from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';
import { AdEditor } from './ad-editor';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Whether the ad's end has passed: the popup shows an ad only while now <= end_date (mf-ads'
 * active-ads read), so the operator sees the same rule. end_date is an instant (date and time,
 * entered in the district's time), so no calendar day is needed to compare.
 */
const hasEnded = (ad: Pick<ConsoleAd, 'end_date'>, now: Date = new Date()) =>
  ad.end_date !== null && Date.parse(ad.end_date) < now.getTime();

/** Every ad in the popup's order: create, edit, schedule, order, switch off, delete. */
export function AdsSection() {
  const { t } = useTranslation('admin');
  const ads = useQuery('admin-ads', () => adminListAds());
  const items = ads.data ?? [];
  const [creating, setCreating] = useState(false);
  const { setData } = ads;
  const nextOrder = items.reduce((m, a) => Math.max(m, a.sort_order), 0) + 1;
  const upsert = (ad: ConsoleAd) =>
    setData((d) => {
      const rest = (d ?? []).filter((x) => x.id !== ad.id);
      return [...rest, ad].sort((a, b) => a.sort_order - b.sort_order);
    });

  return (
    <section className="admin-section" aria-labelledby="admin-ads-title">
      <h2 id="admin-ads-title" className="admin-section-title">
        {t('ads.heading')}
      </h2>
      {creating ? (
        <div className="admin-card">
          <AdEditor
            ad={null}
            nextOrder={nextOrder}
            onCancel={() => setCreating(false)}
            onSaved={(ad) => {
              setCreating(false);
              upsert(ad);
            }}
          />
        </div>
      ) : (
        <Button onClick={() => setCreating(true)}>{t('ads.new')}</Button>
      )}
      {ads.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('ads.loadFailed')}</p>
          <Button variant="secondary" onClick={ads.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : ads.status === 'loading' && !ads.data ? (
        <p role="status">{t('ads.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('ads.empty')}</p>
      ) : (
        <ol className="admin-queue__list">
          {items.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} nextOrder={nextOrder} onSaved={upsert} onDeleted={() => setData((d) => d?.filter((x) => x.id !== ad.id))} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AdCard({
  ad,
  nextOrder,
  onSaved,
  onDeleted,
}: {
  ad: ConsoleAd;
  nextOrder: number;
  onSaved: (ad: ConsoleAd) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [open, setOpen] = useState<'edit' | 'toggle' | 'delete' | null>(null);
  const title = ad.title ?? t('ads.untitled');
  const when = (v: string | null, none: string) => (v ? formatDate(v, lang, DATE_TIME) : none);

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} className="admin-card__title">
          {title}
        </h3>
        {hasEnded(ad) ? (
          <Badge tone="warning">{t('ads.expired')}</Badge>
        ) : (
          <Badge tone={ad.active ? 'success' : 'neutral'}>{ad.active ? t('ads.on') : t('ads.off')}</Badge>
        )}
      </header>
      <dl className="admin-card__fields">
        <div className="admin-card__field">
          <dt>{t('ads.fields.kind')}</dt>
          <dd>{t(`ads.kinds.${ad.media_type}`)}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('ads.fields.order')}</dt>
          <dd>{formatNumber(ad.sort_order, lang)}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('ads.fields.start')}</dt>
          <dd>{when(ad.start_date, t('ads.now'))}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('ads.fields.end')}</dt>
          <dd>{when(ad.end_date, t('ads.noEnd'))}</dd>
        </div>
      </dl>
      {ad.media_type === 'image' ? (
        <img className="admin-ad__preview" src={ad.media_url} alt={ad.media_alt ?? title} loading="lazy" />
      ) : null}
      {open === 'edit' ? (
        <AdEditor
          ad={ad}
          nextOrder={nextOrder}
          onCancel={() => setOpen(null)}
          onSaved={(saved) => {
            setOpen(null);
            onSaved(saved);
          }}
        />
      ) : open === 'toggle' ? (
        <ReasonForm
          confirmLabel={ad.active ? t('ads.switchOff') : t('ads.switchOn')}
          onCancel={() => setOpen(null)}
          onConfirm={async (reason) => {
            let saved: ConsoleAd | null = null;
            const ok = await run(
              async () => {
                saved = await adminSaveAd({ ...ad, active: !ad.active }, reason);
              },
              t('ads.saved', { title }),
            );
            if (ok) {
              setOpen(null);
              onSaved(saved ?? { ...ad, active: !ad.active });
            }
            return ok;
          }}
        />
      ) : open === 'delete' ? (
        <ReasonForm
          confirmLabel={t('ads.confirmDelete')}
          danger
          onCancel={() => setOpen(null)}
          onConfirm={async (reason) => {
            const ok = await run(() => adminDeleteAd(ad.id, reason), t('ads.deleted', { title }));
            if (ok) onDeleted();
            return ok;
          }}
        />
      ) : (
        <div className="admin-card__actions">
          <Button variant="secondary" onClick={() => setOpen('edit')} aria-describedby={`${id}-title`}>
            {t('ads.edit')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('toggle')} aria-describedby={`${id}-title`}>
            {ad.active ? t('ads.switchOff') : t('ads.switchOn')}
          </Button>
          <Button variant="danger" onClick={() => setOpen('delete')} aria-describedby={`${id}-title`}>
            {t('ads.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
