import { kolkataWallClock, localeFor, WEEKDAYS, type Language, type OpeningHours, type Weekday } from '@city/shared';

/** Weekday keys by Date.getUTCDay() (0 = Sunday). */
const BY_UTC_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Today's weekday in Asia/Kolkata, whatever the device's time zone. */
export function kolkataWeekday(now: Date = new Date()): Weekday {
  return BY_UTC_DAY[kolkataWallClock(now).getUTCDay()]!;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether the provider is open at this moment in the district (Asia/Kolkata): today's hours
 * given, and opening <= now < closing. A day the provider closes is closed all day.
 */
export function isOpenNow(hours: OpeningHours, now: Date = new Date()): boolean {
  const today = hours[kolkataWeekday(now)];
  if (!today) return false;
  const wall = kolkataWallClock(now);
  const at = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return minutes(today.open) <= at && at < minutes(today.close);
}

/** Whether the value is hours as the database stores them (every weekday null or open < close). */
export function isOpeningHours(value: unknown): value is OpeningHours {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return WEEKDAYS.every((d) => {
    const day = v[d];
    if (day === null) return true;
    if (typeof day !== 'object' || day === null) return false;
    const { open, close } = day as Record<string, unknown>;
    return typeof open === 'string' && typeof close === 'string' && /^\d\d:\d\d/.test(open) && /^\d\d:\d\d/.test(close);
  });
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A stored wall-clock time ("08:00", "13:30:00") as people say it in the page's language, by
 * Intl: Hindi with the part of the day in words, 12-hour ("सुबह 8", "दोपहर 1:30"), English
 * "8 am", "1:30 pm". Whole hours without ":00".
 */
export function formatClockTime(hhmm: string, lang: Language): string {
  const hour = Number(hhmm.slice(0, 2));
  const minute = Number(hhmm.slice(3, 5));
  const key = `${lang}|${minute === 0 ? 'h' : 'hm'}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeFor(lang), {
      hour: 'numeric',
      ...(minute === 0 ? {} : { minute: '2-digit' }),
      hourCycle: 'h12',
      ...(lang === 'hi' ? { dayPeriod: 'short' } : {}),
      timeZone: 'UTC',
    });
    timeFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}
