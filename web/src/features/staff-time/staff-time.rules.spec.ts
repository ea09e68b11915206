import { describe, expect, it } from 'vitest';
import { datesText, validateTimeOff, validateWeek, weekDraft, weekSummary } from './staff-time.rules';

const shiftWeek = {
  days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((day) => ({
    day,
    opens: '13:00',
    closes: '21:00',
  })),
};
const ownWeek = {
  days: [
    { day: 'Sun', off: true },
    ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((day) => ({ day, opens: '12:00', closes: '18:00' })),
    { day: 'Sat', opens: '10:00', closes: '14:00' },
  ],
};

describe('weekly hours', () => {
  it('read as one line, Monday first, like days run together', () => {
    expect(weekSummary(shiftWeek)).toBe('Mon–Sun 13:00–21:00');
    expect(weekSummary(ownWeek)).toBe('Mon–Fri 12:00–18:00 · Sat 10:00–14:00 · Sun off');
  });

  it('edit as seven rows and go back as booking takes them', () => {
    const draft = weekDraft(ownWeek);
    expect(draft[0]).toEqual({ working: false, opens: '09:00', closes: '17:00' });
    expect(draft[6]).toEqual({ working: true, opens: '10:00', closes: '14:00' });
    expect(validateWeek(draft).days).toEqual([
      null,
      ...Array.from({ length: 5 }, () => ({ opens: '12:00', closes: '18:00' })),
      { opens: '10:00', closes: '14:00' },
    ]);
  });

  it('name the rows that are wrong and send nothing', () => {
    const draft = weekDraft(ownWeek);
    draft[2] = { working: true, opens: '18:00', closes: '12:00' };
    draft[3] = { working: true, opens: '', closes: '12:00' };
    expect(validateWeek(draft)).toEqual({
      errors: { 2: 'The day must end after it starts', 3: 'Enter both times' },
    });
  });
});

describe('a time off request', () => {
  const today = '2026-11-27';
  it('is sent with its reason trimmed', () => {
    expect(
      validateTimeOff({ firstDate: '2026-12-07', lastDate: '2026-12-09', reason: ' Wedding ' }, today),
    ).toEqual({
      errors: {},
      request: { firstDate: '2026-12-07', lastDate: '2026-12-09', reason: 'Wedding' },
    });
  });

  it('is refused by the field when it cannot be right', () => {
    expect(validateTimeOff({ firstDate: '', lastDate: '', reason: '' }, today).errors).toEqual({
      firstDate: 'Choose the first day',
      lastDate: 'Choose the last day',
      reason: 'Say why (leave, training, a family event…)',
    });
    expect(
      validateTimeOff({ firstDate: '2026-11-20', lastDate: '2026-11-28', reason: 'x' }, today).errors,
    ).toEqual({
      firstDate: 'Choose today or a later day',
    });
    expect(
      validateTimeOff({ firstDate: '2026-12-09', lastDate: '2026-12-07', reason: 'x' }, today).errors,
    ).toEqual({
      lastDate: 'The last day must not be before the first',
    });
    expect(
      validateTimeOff({ firstDate: '2026-12-01', lastDate: '2027-02-01', reason: 'x' }, today).errors,
    ).toEqual({
      lastDate: 'Ask for at most 45 days at a time',
    });
  });

  it('reads its dates as a range', () => {
    expect(datesText({ firstDate: '2026-12-07', lastDate: '2026-12-07' })).toBe('Mon 7 Dec');
    expect(datesText({ firstDate: '2026-12-07', lastDate: '2026-12-09' })).toBe('Mon 7 Dec – Wed 9 Dec');
  });
});
