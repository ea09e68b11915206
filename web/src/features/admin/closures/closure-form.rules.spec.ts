import { describe, expect, it } from 'vitest';
import { closureDraft, validateClosureDraft } from './closure-form.rules';

const today = '2026-11-27';

describe('the closure form', () => {
  it('sends a closed day with its reason, trimmed', () => {
    expect(
      validateClosureDraft({ ...closureDraft(), date: '2026-12-08', reason: '  Diwali ' }, today),
    ).toEqual({
      errors: {},
      input: { closed: true, reason: 'Diwali' },
    });
  });

  it('sends special hours with both times', () => {
    const draft = {
      ...closureDraft(),
      date: today,
      closed: false,
      opens: '12:00',
      closes: '15:30',
      reason: 'Training',
    };
    expect(validateClosureDraft(draft, today).input).toEqual({
      closed: false,
      opens: '12:00',
      closes: '15:30',
      reason: 'Training',
    });
  });

  it('says by each field what is wrong, and sends nothing', () => {
    expect(validateClosureDraft({ ...closureDraft(), date: '', reason: ' ' }, today)).toEqual({
      errors: { date: 'Choose the date', reason: 'Say why; customers see it (e.g. Diwali)' },
    });
    expect(
      validateClosureDraft({ ...closureDraft(), date: '2026-11-26', reason: 'x' }, today).errors.date,
    ).toBe('Choose today or a later date');
    const hours = {
      ...closureDraft(),
      date: today,
      closed: false,
      opens: '15:00',
      closes: '12:00',
      reason: 'x',
    };
    expect(validateClosureDraft(hours, today).errors).toEqual({ closes: 'Closing must be after opening' });
    expect(
      validateClosureDraft({ ...closureDraft(), date: today, reason: 'x'.repeat(121) }, today).errors.reason,
    ).toBe('At most 120 characters');
  });

  it('starts from the day being edited', () => {
    expect(
      closureDraft({
        date: '2026-12-08',
        closed: false,
        opens: '12:00',
        closes: '15:00',
        reason: 'Training',
        note: 'Open 12:00 PM – 3:00 PM: Training',
      }),
    ).toEqual({ date: '2026-12-08', closed: false, opens: '12:00', closes: '15:00', reason: 'Training' });
  });
});
