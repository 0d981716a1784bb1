import type { OpeningHours } from '@city/shared';
import { isOpenNow, isOpeningHours, kolkataWeekday } from '../opening-hours';

const NINE_TO_SIX = { open: '09:00', close: '18:00' };
const hours: OpeningHours = {
  mon: NINE_TO_SIX,
  tue: NINE_TO_SIX,
  wed: NINE_TO_SIX,
  thu: NINE_TO_SIX,
  fri: NINE_TO_SIX,
  sat: { open: '10:00', close: '23:59' },
  sun: null,
};

// 2026-03-02 is a Monday. Kolkata is UTC+05:30.
describe('open now, in Asia/Kolkata', () => {
  it('opens at the opening minute and closes at the closing minute', () => {
    expect(isOpenNow(hours, new Date('2026-03-02T03:29:00Z'))).toBe(false); // 08:59 Monday
    expect(isOpenNow(hours, new Date('2026-03-02T03:30:00Z'))).toBe(true); // 09:00
    expect(isOpenNow(hours, new Date('2026-03-02T12:29:00Z'))).toBe(true); // 17:59
    expect(isOpenNow(hours, new Date('2026-03-02T12:30:00Z'))).toBe(false); // 18:00
  });

  it('turns the day at midnight in Kolkata, not at midnight UTC', () => {
    // 23:58 Saturday in Kolkata (18:28 UTC): Saturday's hours, open.
    expect(kolkataWeekday(new Date('2026-03-07T18:28:00Z'))).toBe('sat');
    expect(isOpenNow(hours, new Date('2026-03-07T18:28:00Z'))).toBe(true);
    // 00:01 Sunday in Kolkata (18:31 UTC Saturday): Sunday, closed all day.
    expect(kolkataWeekday(new Date('2026-03-07T18:31:00Z'))).toBe('sun');
    expect(isOpenNow(hours, new Date('2026-03-07T18:31:00Z'))).toBe(false);
    // 05:29 UTC on Monday is 10:59 Monday in Kolkata.
    expect(isOpenNow(hours, new Date('2026-03-02T05:29:00Z'))).toBe(true);
  });

  it('gives the same answer whatever the device’s time zone', () => {
    const original = process.env.TZ;
    try {
      const at = new Date('2026-03-02T04:00:00Z'); // 09:30 Monday in Kolkata; still Sunday in New York
      for (const tz of ['America/New_York', 'Pacific/Kiritimati', 'UTC', 'Asia/Kolkata']) {
        process.env.TZ = tz;
        expect([tz, kolkataWeekday(at), isOpenNow(hours, at)]).toEqual([tz, 'mon', true]);
      }
    } finally {
      process.env.TZ = original;
    }
  });

  it('is closed on a day without hours', () => {
    expect(isOpenNow(hours, new Date('2026-03-08T06:00:00Z'))).toBe(false); // Sunday 11:30
  });
});

describe('isOpeningHours', () => {
  it('accepts the stored shape and refuses anything else', () => {
    expect(isOpeningHours(hours)).toBe(true);
    expect(isOpeningHours(null)).toBe(false);
    expect(isOpeningHours({ ...hours, sun: undefined })).toBe(false);
    expect(isOpeningHours({ ...hours, mon: { open: 9, close: 18 } })).toBe(false);
  });
});
