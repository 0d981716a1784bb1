import { useTranslation } from 'react-i18next';
import { Badge, formatDate, isOnLeave, useLanguage, WEEKDAYS } from '@city/shared';
import type { Provider } from '../api';
import { formatClockTime, isOpeningHours, isOpenNow, kolkataWeekday } from '../utils/opening-hours';

/**
 * "Available today" or "On leave until DATE", and the opening hours per weekday with "open now"
 * or "closed now" in the district's time (Asia/Kolkata), whatever the visitor's device says.
 */
export function AvailabilityHours({ provider: p, now = new Date() }: { provider: Provider; now?: Date }) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  const onLeave = isOnLeave(p.on_leave_until, now);
  const hours = isOpeningHours(p.opening_hours) ? p.opening_hours : null;
  const today = kolkataWeekday(now);
  const until = onLeave ? formatDate(`${p.on_leave_until!.slice(0, 10)}T00:00:00Z`, lang, { dateStyle: 'long', timeZone: 'UTC' }) : '';
  const open = hours !== null && !onLeave && isOpenNow(hours, now);

  return (
    <section className="provider-profile__card provider-profile__hours" aria-labelledby="profile-hours-title">
      <h2 id="profile-hours-title">{t('hours.title')}</h2>
      <p className="provider-profile__availability">
        {onLeave ? (
          <Badge tone="warning">{t('hours.onLeave', { date: until })}</Badge>
        ) : (
          <Badge tone="success">{t('hours.available')}</Badge>
        )}
        {hours ? <Badge tone={open ? 'success' : 'neutral'}>{open ? t('hours.openNow') : t('hours.closedNow')}</Badge> : null}
      </p>
      {hours ? (
        <>
          <dl className="provider-profile__week">
            {WEEKDAYS.map((day) => {
              const d = hours[day];
              const text = d
                ? t('hours.range', { open: formatClockTime(d.open, lang), close: formatClockTime(d.close, lang) })
                : t('hours.closed');
              return (
                <div key={day} className={day === today ? 'provider-profile__today' : undefined}>
                  <dt>{day === today ? t('hours.today', { day: t(`days.${day}`) }) : t(`days.${day}`)}</dt>
                  <dd>{text}</dd>
                </div>
              );
            })}
          </dl>
          <p className="provider-profile__note">{t('hours.timeZone')}</p>
        </>
      ) : null}
    </section>
  );
}
