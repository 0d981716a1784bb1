import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, kolkataToday, usePagedQuery, useLanguage } from '@city/shared';
import {
  adminChangeProviderStatus,
  adminDeleteProvider,
  adminSearchProviders,
  adminSetAadhaar,
  adminVerifyProvider,
  adminWithdrawVerification,
  CONSOLE_PROVIDER_STATUSES,
  VERIFY_METHODS,
  type ConsoleProvider,
  type ConsoleProviderStatus,
  type VerifyMethod,
} from '../../api';
import { ProviderEditor } from '../../components/provider-editor';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';
import { aadhaarProblem } from '../../validation/console';
import { categoryName } from '../../utils/category-name';

const PROVIDERS_PAGE_SIZE = 20;

/**
 * Search every provider (any status); edit, suspend, restore, delete, set Aadhaar, verify after a
 * check or withdraw it (0016). `?q=` starts
 * with that search (another section's link to one listing: its id).
 */
export function ProvidersSection() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState({ query: params.get('q') ?? '', status: 'all' as ConsoleProviderStatus | 'all' });
  const [search, setSearch] = useState(draft);
  const list = usePagedQuery(['admin-providers', search.query, search.status], ({ offset }) =>
    adminSearchProviders(search.query, search.status, PROVIDERS_PAGE_SIZE, offset),
  );
  const items = list.data?.items ?? [];
  const { setData } = list;
  const replace = (p: ConsoleProvider | null, gone?: string) =>
    setData((d) =>
      d ? { ...d, items: gone ? d.items.filter((x) => x.id !== gone) : d.items.map((x) => (p && x.id === p.id ? p : x)) } : d,
    );

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ ...draft });
  };

  return (
    <section className="admin-section" aria-labelledby="admin-providers-title">
      <h2 id="admin-providers-title" className="admin-section-title">
        {t('providers.heading')}
      </h2>
      <form className="admin-search" role="search" onSubmit={onSearch} aria-label={t('providers.searchLabel')}>
        <div className="admin-field">
          <label htmlFor={`${id}-q`} className="admin-field__label">
            {t('providers.query')}
          </label>
          <input
            id={`${id}-q`}
            className="admin-input"
            type="search"
            value={draft.query}
            onChange={(e) => setDraft((d) => ({ ...d, query: e.target.value }))}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-s`} className="admin-field__label">
            {t('providers.status')}
          </label>
          <select
            id={`${id}-s`}
            className="admin-input"
            value={draft.status}
            onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as ConsoleProviderStatus | 'all' }))}
          >
            <option value="all">{t('providers.anyStatus')}</option>
            {CONSOLE_PROVIDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t('providers.search')}</Button>
      </form>
      {list.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('providers.loadFailed')}</p>
          <Button variant="secondary" onClick={list.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : list.status === 'loading' ? (
        <p role="status">{t('providers.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('providers.empty')}</p>
      ) : (
        <>
          <ul className="admin-queue__list">
            {items.map((p) => (
              <li key={p.id}>
                <ProviderCard provider={p} onChange={(next) => replace(next)} onDeleted={() => replace(null, p.id)} />
              </li>
            ))}
          </ul>
          {list.hasMore ? (
            <Button variant="secondary" className="admin-queue__more" onClick={list.loadMore} aria-disabled={list.loadingMore || undefined}>
              {list.loadingMore ? t('providers.loading') : t('providers.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

type Open = 'edit' | 'suspend' | 'restore' | 'delete' | 'aadhaar' | 'verify' | 'unverify' | null;

function ProviderCard({
  provider: p,
  onChange,
  onDeleted,
}: {
  provider: ConsoleProvider;
  onChange: (p: ConsoleProvider) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [open, setOpen] = useState<Open>(null);
  const [aadhaar, setAadhaar] = useState('');
  const [aadhaarError, setAadhaarError] = useState(false);
  // The operator's check (0016): how (one or more) and the day.
  const [how, setHow] = useState<VerifyMethod[]>([]);
  const [checkedOn, setCheckedOn] = useState(() => kolkataToday());
  const [verifyError, setVerifyError] = useState<'how' | 'date' | null>(null);
  // The button a closed form was opened from gets focus back (the form replaced it).
  const openers = useRef<Partial<Record<Exclude<Open, null>, HTMLButtonElement | null>>>({});
  const returnTo = useRef<Open>(null);
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    openers.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [open]);

  const status = (next: ConsoleProviderStatus, done: string) => async (reason: string) => {
    const ok = await run(() => adminChangeProviderStatus(p.id, next, reason), done);
    if (ok) {
      setOpen(null);
      onChange({ ...p, status: next });
    }
    return ok;
  };

  const close = () => {
    returnTo.current = open;
    setOpen(null);
    setAadhaar('');
    setAadhaarError(false);
    setHow([]);
    setCheckedOn(kolkataToday());
    setVerifyError(null);
  };

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} className="admin-card__title">
          {p.name}
        </h3>
        <Badge tone={p.status === 'approved' ? 'success' : p.status === 'pending' ? 'warning' : 'neutral'}>{t(`status.${p.status}`)}</Badge>
      </header>
      <dl className="admin-card__fields">
        <div className="admin-card__field">
          <dt>{t('fields.mobile')}</dt>
          <dd>{p.mobile}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('fields.category')}</dt>
          <dd>{categoryName(t, lang, p.category)}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('fields.address')}</dt>
          <dd>{p.address}</dd>
        </div>
        <div className="admin-card__field">
          <dt>{t('fields.aadhaar')}</dt>
          <dd>
            {p.aadhaar_masked ? <span className="admin-card__mono">{p.aadhaar_masked}</span> : t('fields.aadhaarNone')}{' '}
            <Badge tone={p.verified ? 'success' : 'neutral'}>{p.verified ? t('fields.verified') : t('fields.notVerified')}</Badge>
          </dd>
        </div>
      </dl>
      {p.number_caution ? <p className="admin-report__caution">{t('reports.caution.shown')}</p> : null}
      {open === 'edit' ? (
        <ProviderEditor
          provider={p}
          onCancel={close}
          onSaved={(changes) => {
            close();
            onChange({ ...p, ...(changes as Partial<ConsoleProvider>) });
          }}
        />
      ) : open === 'suspend' ? (
        <ReasonForm
          confirmLabel={t('providers.actions.suspend')}
          danger
          onCancel={close}
          onConfirm={status('suspended', t('providers.done.suspend', { name: p.name }))}
        />
      ) : open === 'restore' ? (
        <ReasonForm
          confirmLabel={t('providers.actions.restore')}
          onCancel={close}
          onConfirm={status('approved', t('providers.done.restore', { name: p.name }))}
        />
      ) : open === 'delete' ? (
        <ReasonForm
          confirmLabel={t('providers.actions.confirmDelete')}
          danger
          onCancel={close}
          onConfirm={async (reason) => {
            const ok = await run(() => adminDeleteProvider(p.id, reason), t('providers.done.delete', { name: p.name }));
            if (ok) onDeleted();
            return ok;
          }}
        >
          <p role="alert" className="admin-field__error">
            {t('providers.deleteWarning', { name: p.name })}
          </p>
        </ReasonForm>
      ) : open === 'aadhaar' ? (
        <ReasonForm
          confirmLabel={t('providers.actions.saveAadhaar')}
          onCancel={close}
          validate={() => {
            const bad = aadhaarProblem(aadhaar) !== null;
            setAadhaarError(bad);
            if (bad) document.getElementById(`${id}-aadhaar`)?.focus();
            return !bad;
          }}
          onConfirm={async (reason) => {
            let masked: string | null = null;
            const ok = await run(
              async () => {
                masked = await adminSetAadhaar(p.id, aadhaar, reason);
              },
              t('providers.done.aadhaar', { name: p.name }),
            );
            if (ok) {
              close();
              // A number alone verifies nobody (0016): the operator's check does.
              onChange({ ...p, aadhaar_masked: masked ?? `XXXX XXXX ${aadhaar.replace(/\D/g, '').slice(-4)}` });
            }
            return ok;
          }}
        >
          <div className={aadhaarError ? 'admin-field admin-field--invalid' : 'admin-field'}>
            <label htmlFor={`${id}-aadhaar`} className="admin-field__label">
              {t('providers.aadhaarLabel')}
            </label>
            <input
              id={`${id}-aadhaar`}
              className="admin-input admin-card__mono"
              inputMode="numeric"
              autoComplete="off"
              value={aadhaar}
              onChange={(e) => {
                setAadhaar(e.target.value);
                setAadhaarError(false);
              }}
              aria-invalid={aadhaarError || undefined}
              aria-describedby={`${id}-aadhaar-hint`}
            />
            <p id={`${id}-aadhaar-hint`} className={aadhaarError ? 'admin-field__error' : 'admin-field__hint'}>
              {aadhaarError ? t('providers.aadhaarInvalid') : t('providers.aadhaarHint')}
            </p>
          </div>
        </ReasonForm>
      ) : open === 'verify' ? (
        <ReasonForm
          confirmLabel={t('providers.verify.confirm')}
          onCancel={close}
          validate={() => {
            const problem = how.length === 0 ? 'how' : !/^\d{4}-\d{2}-\d{2}$/.test(checkedOn) || checkedOn > kolkataToday() ? 'date' : null;
            setVerifyError(problem);
            if (problem) document.getElementById(problem === 'how' ? `${id}-how-${VERIFY_METHODS[0]}` : `${id}-checked-on`)?.focus();
            return problem === null;
          }}
          onConfirm={async (reason) => {
            const ok = await run(() => adminVerifyProvider(p.id, how, checkedOn, reason), t('providers.verify.done', { name: p.name }));
            if (ok) {
              close();
              onChange({ ...p, verified: true });
            }
            return ok;
          }}
        >
          <p className="admin-field__hint">{t('providers.verify.intro')}</p>
          <fieldset className="admin-field admin-verify-how" aria-describedby={verifyError === 'how' ? `${id}-how-error` : undefined}>
            <legend className="admin-field__label">{t('providers.verify.how')}</legend>
            {VERIFY_METHODS.map((m) => (
              <label key={m} className="admin-radio">
                <input
                  type="checkbox"
                  id={`${id}-how-${m}`}
                  checked={how.includes(m)}
                  onChange={(e) => {
                    setHow(e.target.checked ? [...how, m] : how.filter((x) => x !== m));
                    setVerifyError(null);
                  }}
                />{' '}
                {t(`providers.verify.methods.${m}`)}
              </label>
            ))}
            {verifyError === 'how' ? (
              <p id={`${id}-how-error`} role="alert" className="admin-field__error">
                {t('providers.verify.howMissing')}
              </p>
            ) : null}
          </fieldset>
          <div className={verifyError === 'date' ? 'admin-field admin-field--invalid' : 'admin-field'}>
            <label htmlFor={`${id}-checked-on`} className="admin-field__label">
              {t('providers.verify.date')}
            </label>
            <input
              id={`${id}-checked-on`}
              type="date"
              className="admin-input"
              max={kolkataToday()}
              value={checkedOn}
              onChange={(e) => {
                setCheckedOn(e.target.value);
                setVerifyError(null);
              }}
              aria-invalid={verifyError === 'date' || undefined}
              aria-describedby={verifyError === 'date' ? `${id}-date-error` : undefined}
            />
            {verifyError === 'date' ? (
              <p id={`${id}-date-error`} role="alert" className="admin-field__error">
                {t('providers.verify.dateInvalid')}
              </p>
            ) : null}
          </div>
        </ReasonForm>
      ) : open === 'unverify' ? (
        <ReasonForm
          confirmLabel={t('providers.verify.confirmWithdraw')}
          danger
          onCancel={close}
          onConfirm={async (reason) => {
            const ok = await run(() => adminWithdrawVerification(p.id, reason), t('providers.verify.withdrawn', { name: p.name }));
            if (ok) {
              close();
              onChange({ ...p, verified: false });
            }
            return ok;
          }}
        >
          <p className="admin-field__hint">{t('providers.verify.withdrawWarning', { name: p.name })}</p>
        </ReasonForm>
      ) : (
        <div className="admin-card__actions">
          <Button
            variant="secondary"
            ref={(b) => {
              openers.current.edit = b;
            }}
            onClick={() => setOpen('edit')}
            aria-describedby={`${id}-title`}
          >
            {t('providers.actions.edit')}
          </Button>
          {p.status === 'approved' || p.status === 'hidden' ? (
            <Button variant="secondary" onClick={() => setOpen('suspend')} aria-describedby={`${id}-title`}>
              {t('providers.actions.suspend')}
            </Button>
          ) : null}
          {p.status === 'suspended' || p.status === 'hidden' ? (
            <Button onClick={() => setOpen('restore')} aria-describedby={`${id}-title`}>
              {t('providers.actions.restore')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            ref={(b) => {
              openers.current.aadhaar = b;
            }}
            onClick={() => setOpen('aadhaar')}
            aria-describedby={`${id}-title`}
          >
            {p.aadhaar_masked ? t('providers.actions.replaceAadhaar') : t('providers.actions.setAadhaar')}
          </Button>
          {p.verified ? (
            <Button
              variant="secondary"
              ref={(b) => {
                openers.current.unverify = b;
              }}
              onClick={() => setOpen('unverify')}
              aria-describedby={`${id}-title`}
            >
              {t('providers.actions.unverify')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              ref={(b) => {
                openers.current.verify = b;
              }}
              onClick={() => setOpen('verify')}
              aria-describedby={`${id}-title`}
            >
              {t('providers.actions.verify')}
            </Button>
          )}
          <Button
            variant="danger"
            ref={(b) => {
              openers.current.delete = b;
            }}
            onClick={() => setOpen('delete')}
            aria-describedby={`${id}-title`}
          >
            {t('providers.actions.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
