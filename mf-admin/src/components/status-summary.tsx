import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '@city/shared';
import { ADMIN_PROVIDER_STATUSES, type AdminProviderStatus, type AdminStatusCounts } from '../api';

export interface StatusSummaryProps {
  counts: AdminStatusCounts | null;
  selected: AdminProviderStatus;
  onSelect: (status: AdminProviderStatus) => void;
}

/** Pending / approved / rejected counts; each is also the button that shows that list. */
export function StatusSummary({ counts, selected, onSelect }: StatusSummaryProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <section className="admin-summary" aria-labelledby="admin-summary-title">
      <h2 id="admin-summary-title" className="admin-section-title">
        {t('counts.heading')}
      </h2>
      <p className="admin-field__hint">{t('counts.hint')}</p>
      <ul className="admin-summary__list">
        {ADMIN_PROVIDER_STATUSES.map((status) => (
          <li key={status}>
            <button
              type="button"
              className={`admin-summary__item admin-summary__item--${status}`}
              aria-pressed={selected === status}
              onClick={() => onSelect(status)}
            >
              <span className="admin-summary__count">{counts ? formatNumber(counts[status], lang) : '–'}</span>
              <span className="admin-summary__label">{t(`status.${status}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
