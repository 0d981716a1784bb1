import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, useLanguage, useQuery } from '@city/shared';
import { adminDecideChangeRequest, adminListChangeRequests, type ChangeRequest } from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';
import { categoryName } from '../../utils/category-name';

const FIELDS = ['name', 'category', 'mobile'] as const;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Listing changes providers asked for (name, category, mobile): now and proposed side by side. */
export function ChangeRequests() {
  const { t } = useTranslation('admin');
  const requests = useQuery('admin-change-requests', () => adminListChangeRequests());
  const items = requests.data ?? [];
  const { setData } = requests;
  return (
    <section className="admin-queue" aria-labelledby="admin-changes-title">
      <h2 id="admin-changes-title" className="admin-section-title">
        {t('changes.heading')}
      </h2>
      {requests.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('changes.loadFailed')}</p>
          <Button variant="secondary" onClick={requests.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : requests.status === 'loading' && !requests.data ? (
        <p role="status">{t('changes.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('changes.empty')}</p>
      ) : (
        <ul className="admin-queue__list">
          {items.map((r) => (
            <li key={r.id}>
              <ChangeCard request={r} onDecided={() => setData((d) => d?.filter((x) => x.id !== r.id))} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChangeCard({ request: r, onDecided }: { request: ChangeRequest; onDecided: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const name = String(r.current.name ?? '');
  const value = (field: (typeof FIELDS)[number], v: unknown) =>
    v === null || v === undefined || v === '' ? '—' : field === 'category' ? categoryName(t, lang, String(v)) : String(v);
  const changed = FIELDS.filter((f) => r.proposed[f] !== null && r.proposed[f] !== undefined);

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} className="admin-card__title">
          {name}
        </h3>
        <time className="admin-field__hint" dateTime={r.created_at}>
          {formatDate(r.created_at, lang, DATE_TIME)}
        </time>
      </header>
      <div className="admin-clicks__scroll">
        <table className="admin-clicks__table admin-compare">
          <caption className="visually-hidden">{t('changes.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('changes.field')}</th>
              <th scope="col">{t('changes.current')}</th>
              <th scope="col">{t('changes.proposed')}</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((f) => (
              <tr key={f}>
                <th scope="row">{t(`editor.fields.${f}`)}</th>
                <td>{value(f, r.current[f])}</td>
                <td>
                  <strong>{value(f, r.proposed[f])}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? (
        <ReasonForm
          confirmLabel={open === 'approve' ? t('changes.approve') : t('changes.reject')}
          danger={open === 'reject'}
          providerSees
          onCancel={() => setOpen(null)}
          onConfirm={async (reason) => {
            const ok = await run(
              () => adminDecideChangeRequest(r.id, open === 'approve', reason),
              open === 'approve' ? t('changes.approved', { name }) : t('changes.rejected', { name }),
            );
            if (ok) onDecided();
            return ok;
          }}
        />
      ) : (
        <div className="admin-card__actions">
          <Button onClick={() => setOpen('approve')} aria-describedby={`${id}-title`}>
            {t('changes.approve')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('reject')} aria-describedby={`${id}-title`}>
            {t('changes.reject')}
          </Button>
        </div>
      )}
    </article>
  );
}
