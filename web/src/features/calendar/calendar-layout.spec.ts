import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from './calendar.api';
import {
  addDaysTo,
  clockOfMinute,
  newBookingStart,
  dropMinute,
  gridHours,
  instantOf,
  localOf,
  mondayOf,
  nowOffset,
  placeBlocks,
  statusClass,
} from './calendar-layout';

const at = (clock: string) => new Date(`2026-12-01T${clock}:00+05:30`).toISOString();
const block = (id: string, start: string, end: string, cleanup: string): CalendarAppointment => ({
  id,
  appointmentId: `APT-${id}`,
  status: 'Confirmed',
  paymentStatus: 'Cash',
  paymentMethod: 'cash',
  customerNoShows: 0,
  arrivedAt: null,
  startedAt: null,
  completedAt: null,
  noShowAt: null,
  start: at(start),
  end: at(end),
  cleanupUntil: at(cleanup),
  roomId: 'r',
  roomNumber: '101',
  employeeId: null,
  employeeName: null,
  customerName: 'Priya',
  serviceName: 'Massage',
});
const day = (opens: string, closes: string, closed = false) => ({
  date: '2026-12-01',
  opens,
  closes,
  closed,
});

describe('the calendar grid', () => {
  it('reads instants in business time and walks the days', () => {
    expect(localOf(at('11:30'))).toEqual({ date: '2026-12-01', minute: 690 });
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(mondayOf('2026-12-03')).toBe('2026-11-30');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
  });

  it('spans the earliest opening to the latest closing of the open days, in whole hours', () => {
    expect(gridHours([day('09:00', '21:00'), day('10:30', '16:00'), day('00:00', '23:59', true)])).toEqual({
      startMinute: 540,
      endMinute: 1260,
    });
    expect(gridHours([day('09:30', '20:15')])).toEqual({ startMinute: 540, endMinute: 1260 });
  });

  it('stretches to hold an appointment outside the hours on a shown day, up to midnight', () => {
    const hours = [day('09:00', '21:00')];
    const early = { start: at('07:40'), cleanupUntil: at('08:55') };
    const late = {
      start: at('22:30'),
      cleanupUntil: new Date(Date.parse(at('23:45')) + 3_600_000).toISOString(),
    };
    const otherDay = { start: '2026-12-05T00:30:00.000Z', cleanupUntil: '2026-12-05T01:30:00.000Z' };
    expect(gridHours(hours, [early, otherDay])).toEqual({ startMinute: 420, endMinute: 1260 });
    expect(gridHours(hours, [late])).toEqual({ startMinute: 540, endMinute: 1440 });
  });

  it('places a treatment and its cleanup as heights, side by side only where they overlap', () => {
    const grid = { startMinute: 540, endMinute: 1260 };
    const placed = placeBlocks(
      [
        block('a', '09:00', '10:00', '10:15'),
        block('b', '09:30', '10:30', '10:45'),
        block('c', '12:00', '13:00', '13:15'),
      ],
      grid,
    );
    expect(
      placed.map(({ appointment, top, height, lane, lanes }) => [appointment.id, top, height, lane, lanes]),
    ).toEqual([
      ['a', 0, (60 / 720) * 100, 0, 2],
      ['b', (30 / 720) * 100, (60 / 720) * 100, 1, 2],
      ['c', (180 / 720) * 100, (60 / 720) * 100, 0, 1],
    ]);
    expect(placed[0]!.cleanupHeight).toBeCloseTo((15 / 720) * 100);
  });

  it('draws the now line only on the day shown, inside the grid', () => {
    const grid = { startMinute: 540, endMinute: 1260 };
    expect(nowOffset(new Date(at('15:00')), '2026-12-01', grid)).toBe(50);
    expect(nowOffset(new Date(at('15:00')), '2026-12-02', grid)).toBeUndefined();
    expect(nowOffset(new Date(at('07:00')), '2026-12-01', grid)).toBeUndefined();
  });

  it('names a status as a class', () => {
    expect(statusClass('In Progress')).toBe('in-progress');
  });
});

describe('dragging a block', () => {
  const grid = { startMinute: 540, endMinute: 1260 };
  it('lands its top edge on the quarter hour under the pointer, inside the grid', () => {
    // Grabbed 20 minutes below its top, let go at 14:47: the top is at 14:27, snapped to 14:30.
    expect(dropMinute(14 * 60 + 47, 20, 60, grid)).toBe(14 * 60 + 30);
    expect(dropMinute(500, 0, 60, grid)).toBe(540);
    expect(dropMinute(1250, 0, 60, grid)).toBe(1200);
  });

  it('turns a business-time wall clock into the instant the API takes', () => {
    expect(instantOf('2026-12-01', 14 * 60 + 30)).toBe('2026-12-01T09:00:00.000Z');
  });
});

describe('newBookingStart', () => {
  it('starts today at the next quarter hour, another day at 10:00', () => {
    expect(clockOfMinute(545)).toBe('09:05');
    expect(newBookingStart('2026-12-01', new Date(at('14:07')))).toEqual({
      date: '2026-12-01',
      time: '14:15',
    });
    expect(newBookingStart('2026-12-01', new Date(at('14:15')))).toEqual({
      date: '2026-12-01',
      time: '14:30',
    });
    expect(newBookingStart('2026-12-02', new Date(at('14:07')))).toEqual({
      date: '2026-12-02',
      time: '10:00',
    });
    expect(newBookingStart('2026-12-01', new Date(at('23:50')))).toEqual({
      date: '2026-12-02',
      time: '10:00',
    });
  });
});
