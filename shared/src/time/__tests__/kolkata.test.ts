import { isOnLeave, kolkataToday, kolkataWallClock } from '..';

describe("the district's calendar (Asia/Kolkata, UTC+05:30)", () => {
  it('turns the date at 18:30 UTC, not at the device’s midnight', () => {
    expect(kolkataToday(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(kolkataToday(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
  });

  it('gives the wall-clock time in Kolkata', () => {
    const wall = kolkataWallClock(new Date('2026-03-01T04:00:00Z'));
    expect([wall.getUTCHours(), wall.getUTCMinutes()]).toEqual([9, 30]);
  });

  it('is on leave through the last day, available the day after', () => {
    const lastDay = new Date('2026-03-10T18:00:00Z'); // 23:30 on 10 March in Kolkata
    expect(isOnLeave('2026-03-10', lastDay)).toBe(true);
    expect(isOnLeave('2026-03-10', new Date('2026-03-10T18:30:00Z'))).toBe(false);
    expect(isOnLeave('2026-03-11', lastDay)).toBe(true);
    expect(isOnLeave(null, lastDay)).toBe(false);
    expect(isOnLeave(undefined, lastDay)).toBe(false);
  });
});
