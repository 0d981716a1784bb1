import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatNumber, useLanguage } from '@city/shared';
import { useLeads } from '../../hooks/use-my-listing';
import type { LeadWeek } from '../../api';

const SERIES = ['calls', 'chats', 'views'] as const;

const weekLabel = (day: string, lang: 'hi' | 'en') =>
  formatDate(`${day}T00:00:00Z`, lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Calls, chat taps and profile views per week for the last 8 weeks: CSS bars for the eye
 * (hidden from screen readers) and the same numbers as a table, with the totals in a sentence.
 */
export function LeadsChart({ providerId }: { providerId: string }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const leads = useLeads(providerId);
  const weeks: LeadWeek[] = leads.data ?? [];

  let body;
  if (leads.status === 'error' && !leads.data) {
    body = (
      <div role="alert">
        <p>{t('myListing.leads.loadFailed')}</p>
        <Button variant="secondary" onClick={leads.reload}>
          {t('myListing.errors.retry')}
        </Button>
      </div>
    );
  } else if (!leads.data) {
    body = <p role="status">{t('myListing.leads.loading')}</p>;
  } else {
    const max = Math.max(1, ...weeks.flatMap((w) => SERIES.map((s) => w[s])));
    const total = (s: (typeof SERIES)[number]) =>
      formatNumber(
        weeks.reduce((sum, w) => sum + w[s], 0),
        lang,
      );
    body = (
      <>
        <p>{t('myListing.leads.summary', { calls: total('calls'), chats: total('chats'), views: total('views') })}</p>
        <div className="my-leads__chart" aria-hidden="true">
          {weeks.map((w) => (
            <div key={w.week_start} className="my-leads__week">
              <div className="my-leads__bars">
                {SERIES.map((s) => (
                  <span key={s} className={`my-leads__bar my-leads__bar--${s}`} style={{ height: `${(w[s] / max) * 100}%` }} />
                ))}
              </div>
              <span className="my-leads__label">{weekLabel(w.week_start, lang)}</span>
            </div>
          ))}
        </div>
        <ul className="my-leads__legend" aria-hidden="true">
          {SERIES.map((s) => (
            <li key={s}>
              <span className={`my-leads__swatch my-leads__bar--${s}`} /> {t(`myListing.leads.${s}`)}
            </li>
          ))}
        </ul>
        <table className="my-leads__table">
          <caption>{t('myListing.leads.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('myListing.leads.week')}</th>
              {SERIES.map((s) => (
                <th key={s} scope="col">
                  {t(`myListing.leads.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{weekLabel(w.week_start, lang)}</th>
                {SERIES.map((s) => (
                  <td key={s}>{formatNumber(w[s], lang)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }

  return (
    <section className="my-listing__form" aria-labelledby={`leads-${providerId}`}>
      <h3 id={`leads-${providerId}`}>{t('myListing.leads.title')}</h3>
      {body}
    </section>
  );
}
