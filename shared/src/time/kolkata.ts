/**
 * The district's calendar: Asia/Kolkata is UTC+05:30 all year (India has no daylight saving),
 * so "today" and "now" there are a fixed offset from UTC, whatever the visitor's device says.
 * Here because the list card, the profile and the provider's own page all decide "on leave".
 */
export const DISTRICT_TIME_ZONE = 'Asia/Kolkata';
const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The date and time in Asia/Kolkata as a Date whose UTC fields are the local ones. */
export function kolkataWallClock(now: Date = new Date()): Date {
  return new Date(now.getTime() + OFFSET_MS);
}

/** Today's date in Asia/Kolkata, YYYY-MM-DD. */
export function kolkataToday(now: Date = new Date()): string {
  return kolkataWallClock(now).toISOString().slice(0, 10);
}

/** Whether a provider with this on_leave_until (YYYY-MM-DD or null) is on leave today. */
export function isOnLeave(onLeaveUntil: string | null | undefined, now: Date = new Date()): boolean {
  return typeof onLeaveUntil === 'string' && onLeaveUntil.slice(0, 10) >= kolkataToday(now);
}
