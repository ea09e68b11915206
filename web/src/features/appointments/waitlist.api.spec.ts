import { describe, expect, it } from 'vitest';
import { isActiveEntry, windowText, type WaitlistEntry } from './waitlist.api';

describe('the waitlist in My Appointments', () => {
  it('words a window of one start and of several', () => {
    expect(windowText({ from: '17:00', to: '17:00' })).toBe('starts at 17:00');
    expect(windowText({ from: '15:00', to: '17:30' })).toBe('starts 15:00–17:30');
  });

  it('offers Leave only while an entry is waiting or holds a time', () => {
    const entry = (status: WaitlistEntry['status']) => ({ status }) as WaitlistEntry;
    expect(
      ['waiting', 'offered'].map((status) => isActiveEntry(entry(status as WaitlistEntry['status']))),
    ).toEqual([true, true]);
    for (const status of ['booked', 'expired', 'left', 'closed'] as const)
      expect(isActiveEntry(entry(status))).toBe(false);
  });
});
