import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatNumber, useLanguage, useQuery } from '@city/shared';
import { adminClickTotals, adminStats, type DailyCounts } from '../../api';
import { ClickTotals } from '../../components/click-totals';

const STATS_DAYS = 30;
const SERIES = ['calls', 'chats', 'views'] as const;

/** Counts per status, open reports, and calls / chat taps / views per day as a chart and a table. */
export function StatsSection() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const n = (v: number) => formatNumber(v, lang);
  const stats = useQuery(['admin-stats', STATS_DAYS], () => adminStats(STATS_DAYS));
  const clicks = useQuery(['admin-click-totals', STATS_DAYS], () => adminClickTotals(STATS_DAYS));
  const s = stats.data;

  return (
    <section className="admin-section" aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="admin-section-title">
        {t('stats.heading')}
      </h2>
      {stats.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('stats.loadFailed')}</p>
          <Button variant="secondary" onClick={stats.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : !s ? (
        <p role="status">{t('stats.loading')}</p>
      ) : (
        <>
          <dl className="admin-stats__counts">
            {(['approved', 'pending', 'suspended', 'hidden', 'reports_open'] as const).map((k) => (
              <div key={k} className="admin-stats__count">
                <dt>{t(`stats.counts.${k}`)}</dt>
                <dd>{n(s[k])}</dd>
              </div>
            ))}
          </dl>
          <DailyChart days={s.daily} />
        </>
      )}
      <ClickTotals days={STATS_DAYS} status={clicks.status} rows={clicks.data ?? null} onRetry={clicks.reload} />
    </section>
  );
}

/** Bars per day (SVG, decorative for screen readers) over the same numbers as a table. */
function DailyChart({ days }: { days: DailyCounts[] }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const n = (v: number) => formatNumber(v, lang);
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((k) => d[k])));
  const W = 6;
  const H = 80;
  const day = (d: string) => formatDate(`${d}T00:00:00`, lang, { day: 'numeric', month: 'short' });
  return (
    <figure className="admin-chart">
      <figcaption className="admin-field__label">{t('stats.chartTitle', { days: n(days.length) })}</figcaption>
      <ul className="admin-chart__legend" aria-hidden="true">
        {SERIES.map((k) => (
          <li key={k}>
            <span className={`admin-chart__swatch admin-chart__swatch--${k}`} />
            {t(`stats.series.${k}`)}
          </li>
        ))}
      </ul>
      <svg
        className="admin-chart__svg"
        viewBox={`0 0 ${Math.max(1, days.length) * (W * 3 + 4)} ${H}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {days.map((d, i) =>
          SERIES.map((k, j) => {
            const h = (d[k] / max) * (H - 2);
            return (
              <rect
                key={`${d.day}-${k}`}
                className={`admin-chart__bar--${k}`}
                x={i * (W * 3 + 4) + j * W}
                y={H - h}
                width={W - 1}
                height={h}
              />
            );
          }),
        )}
      </svg>
      <details className="admin-chart__details">
        <summary>{t('stats.showTable')}</summary>
        <div className="admin-clicks__scroll">
          <table className="admin-clicks__table">
            <caption className="visually-hidden">{t('stats.chartTitle', { days: n(days.length) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.day')}</th>
                {SERIES.map((k) => (
                  <th key={k} scope="col" className="admin-num">
                    {t(`stats.series.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">
                    <time dateTime={d.day}>{day(d.day)}</time>
                  </th>
                  {SERIES.map((k) => (
                    <td key={k} className="admin-num">
                      {n(d[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
