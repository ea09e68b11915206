import { describe, expect, it } from 'vitest';
import { hoursOn, weekdayOf, weeklyHoursProblem, works, type WeeklyHours } from './working-time.js';

const shifts = {
  morning: { startMinute: 540, endMinute: 1020 },
  night: { startMinute: 780, endMinute: 1260 },
};
// 2026-11-29 was a Sunday: local day number 20_421.
const SUNDAY = Date.UTC(2026, 10, 29) / 86_400_000;
const noon = { startMinute: 720, endMinute: 1080 };
const week: WeeklyHours = [null, noon, noon, noon, noon, noon, { startMinute: 600, endMinute: 840 }];

describe('when an employee works', () => {
  it('counts weekdays from Sunday', () => {
    expect(weekdayOf(SUNDAY)).toBe(0);
    expect(weekdayOf(SUNDAY + 6)).toBe(6);
    expect(weekdayOf(0)).toBe(4);
  });

  it("follows the shift's hours every day without weekly hours of their own", () => {
    const time = { shift: 'morning' };
    expect(works(shifts, time, SUNDAY, 540, 600)).toBe(true);
    expect(works(shifts, time, SUNDAY, 990, 1050)).toBe(false);
    expect(hoursOn(shifts, time, SUNDAY)).toEqual(shifts.morning);
    expect(hoursOn(shifts, { shift: 'unknown' }, SUNDAY)).toBeNull();
  });

  it('follows their weekly hours, day by day, when set', () => {
    const time = { shift: 'morning', weekly: week };
    expect(works(shifts, time, SUNDAY, 720, 780)).toBe(false);
    expect(works(shifts, time, SUNDAY + 1, 720, 780)).toBe(true);
    expect(works(shifts, time, SUNDAY + 1, 600, 660)).toBe(false);
    expect(works(shifts, time, SUNDAY + 6, 600, 660)).toBe(true);
    expect(hoursOn(shifts, time, SUNDAY)).toBeNull();
  });

  it('never on a day of approved time off, whatever their hours', () => {
    const time = { shift: 'morning', weekly: week, timeOff: [{ firstDay: SUNDAY + 1, lastDay: SUNDAY + 2 }] };
    expect(works(shifts, time, SUNDAY + 1, 720, 780)).toBe(false);
    expect(works(shifts, time, SUNDAY + 2, 720, 780)).toBe(false);
    expect(works(shifts, time, SUNDAY + 3, 720, 780)).toBe(true);
    expect(
      works(shifts, { shift: 'morning', timeOff: [{ firstDay: SUNDAY, lastDay: SUNDAY }] }, SUNDAY, 540, 600),
    ).toBe(false);
  });

  it('says what is wrong with a week', () => {
    expect(weeklyHoursProblem(week)).toBeUndefined();
    expect(weeklyHoursProblem(week.slice(1))).toMatch(/all seven days/);
    expect(weeklyHoursProblem([...week.slice(0, 6), { startMinute: 900, endMinute: 600 }])).toBe(
      'Sat: the day must end after it starts.',
    );
  });
});
