import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatNumber, useLanguage, useQuery } from '@city/shared';
import { adminClickTotals, adminStats, type DailyCounts } from '../../api';
import { ClickTotals } from '../../components/click-totals';

const STATS_DAYS = 30;
const SERIES = ['calls', 'chats', 'views'] as const;
/** At most this many day labels under the chart: each fits a 360 px phone in either language. */
const MAX_DAY_LABELS = 5;

/** The days that get a label: the first, the last, and evenly spaced ones between. */
export function labelledDays(count: number, max = MAX_DAY_LABELS): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step));
}

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
      {/* Day labels as text under the bars (not in the stretched SVG): a few, spread out, each kept
          inside the chart (the first starts at its left edge, the last ends at its right). */}
      <ol className="admin-chart__days" aria-hidden="true">
        {labelledDays(days.length).map((i, k, all) => (
          <li
            key={days[i]!.day}
            className={`admin-chart__day${k === 0 ? ' admin-chart__day--first' : k === all.length - 1 ? ' admin-chart__day--last' : ''}`}
            style={k === 0 || k === all.length - 1 ? undefined : { left: `${((i + 0.5) / days.length) * 100}%` }}
          >
            {day(days[i]!.day)}
          </li>
        ))}
      </ol>
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
