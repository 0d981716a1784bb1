import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, formatNumber, useLanguage, type QueryStatus } from '@city/shared';
import type { AdminClickTotal } from '../api';

/** Rows shown until the admin asks for all (a long table is slow on a cheap phone). */
const CLICK_TOTALS_TOP = 10;

export interface ClickTotalsProps {
  days: number;
  status: QueryStatus;
  rows: AdminClickTotal[] | null;
  onRetry: () => void;
}

/** Call and chat-app clicks per provider over the last `days` days. */
export function ClickTotals({ days, status, rows, onRetry }: ClickTotalsProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const n = (v: number) => formatNumber(v, lang);
  const [showAll, setShowAll] = useState(false);
  const shown = rows && !showAll ? rows.slice(0, CLICK_TOTALS_TOP) : rows;
  return (
    <section className="admin-clicks" aria-labelledby="admin-clicks-title">
      <h2 id="admin-clicks-title" className="admin-section-title">
        {t('clicks.heading', { days: n(days) })}
      </h2>
      {status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('clicks.loadFailed')}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : rows === null ? (
        <p role="status">{t('clicks.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('clicks.empty', { days: n(days) })}</p>
      ) : (
        <div className="admin-clicks__scroll">
          <table className="admin-clicks__table">
            <thead>
              <tr>
                <th scope="col">{t('clicks.provider')}</th>
                <th scope="col" className="admin-num">
                  {t('clicks.calls')}
                </th>
                <th scope="col" className="admin-num">
                  {t('clicks.chats')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown!.map((r) => (
                <tr key={r.provider_id}>
                  <th scope="row">
                    <Link to={`/provider/${r.provider_id}`}>{r.name}</Link>
                  </th>
                  <td className="admin-num">{n(r.call_count)}</td>
                  <td className="admin-num">{n(r.whatsapp_count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > CLICK_TOTALS_TOP ? (
            <Button variant="secondary" className="admin-clicks__more" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
              {showAll ? t('clicks.showFewer', { top: n(CLICK_TOTALS_TOP) }) : t('clicks.showAll', { total: n(rows.length) })}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
