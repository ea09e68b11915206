import { describe, expect, it } from 'vitest';
import { parseShiftHours, shiftCovers } from './shifts.js';

describe('shifts', () => {
  const shifts = parseShiftHours('morning=09:00-17:00, Night=13:00-21:00');

  it('reads the configured hours of each shift', () => {
    expect(shifts).toEqual({
      morning: { startMinute: 540, endMinute: 1020 },
      night: { startMinute: 780, endMinute: 1260 },
    });
  });

  it('covers an appointment only when it lies wholly inside the shift', () => {
    if (typeof shifts === 'string') throw new Error(shifts);
    expect(shiftCovers(shifts, 'morning', 540, 600)).toBe(true);
    expect(shiftCovers(shifts, 'Morning', 960, 1020)).toBe(true);
    expect(shiftCovers(shifts, 'morning', 990, 1050)).toBe(false);
    expect(shiftCovers(shifts, 'night', 990, 1050)).toBe(true);
    expect(shiftCovers(shifts, '', 600, 660)).toBe(false);
    expect(shiftCovers(shifts, 'evening', 600, 660)).toBe(false);
  });

  it('says what is wrong with a bad setting', () => {
    expect(parseShiftHours('morning=9-17')).toBe('"morning=9-17" is not like morning=09:00-17:00');
    expect(parseShiftHours('morning=17:00-09:00')).toBe(
      '"morning=17:00-09:00" must end after it starts, within one day',
    );
    expect(parseShiftHours(' ')).toBe('at least one shift is needed');
  });
});
