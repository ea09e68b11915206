import { describe, expect, it } from 'vitest';
import { checkInActions, isOver, noShowRecord } from './check-in';

// 3 Dec 2026, 14:00 IST.
const start = '2026-12-03T08:30:00.000Z';
const labels = (status: string, now: string) =>
  checkInActions({ status, start }, new Date(now)).map((a) => a.label);

describe('checkInActions', () => {
  it('offers nothing before the appointment’s day', () => {
    expect(labels('Confirmed', '2026-12-02T10:00:00Z')).toEqual([]);
  });

  it('offers arrival and start on the day, and the no-show only once it has started', () => {
    expect(labels('Confirmed', '2026-12-03T08:00:00Z')).toEqual(['Arrived', 'Start treatment']);
    expect(labels('Pending', '2026-12-03T08:45:00Z')).toEqual(['Arrived', 'Start treatment', 'No-show']);
  });

  it('follows the flow: start after arrival, complete once in progress, nothing when it is over', () => {
    expect(labels('Arrived', '2026-12-03T08:31:00Z')).toEqual(['Start treatment']);
    expect(labels('In Progress', '2026-12-03T09:00:00Z')).toEqual(['Complete']);
    for (const status of ['Completed', 'No-show', 'Cancelled'])
      expect(labels(status, '2026-12-03T09:00:00Z')).toEqual([]);
  });
});

describe('noShowRecord', () => {
  it('warns of a customer’s no-shows', () => {
    expect(noShowRecord(0)).toBe('');
    expect(noShowRecord(1)).toBe('1 no-show on record');
    expect(noShowRecord(3)).toBe('3 no-shows on record');
  });
});

describe('isOver', () => {
  it('knows the appointments nothing more happens to', () => {
    expect(['Completed', 'No-show', 'Cancelled'].every(isOver)).toBe(true);
    expect(['Pending', 'Confirmed', 'Arrived', 'In Progress'].some(isOver)).toBe(false);
  });
});
