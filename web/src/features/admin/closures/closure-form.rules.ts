import type { SpecialDay, SpecialDayInput } from './closures.api';

/** The closure form as typed: the date as the date input gives it (yyyy-mm-dd), times as "HH:MM". */
export interface ClosureDraft {
  date: string;
  closed: boolean;
  opens: string;
  closes: string;
  reason: string;
}

export type ClosureErrors = Partial<Record<keyof ClosureDraft, string>>;

export const REASON_MAX = 120;

export function closureDraft(day?: SpecialDay): ClosureDraft {
  return {
    date: day?.date ?? '',
    closed: day?.closed ?? true,
    opens: day?.opens ?? '10:00',
    closes: day?.closes ?? '16:00',
    reason: day?.reason ?? '',
  };
}

/**
 * The checks the server makes too (booking answers 400/422 on each), said before sending so the admin
 * sees them by the field: a date from today on, a reason customers will read, hours that make sense.
 */
export function validateClosureDraft(
  draft: ClosureDraft,
  today: string,
): { errors: ClosureErrors; input?: SpecialDayInput } {
  const errors: ClosureErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors.date = 'Choose the date';
  else if (draft.date < today) errors.date = 'Choose today or a later date';
  const reason = draft.reason.trim();
  if (!reason) errors.reason = 'Say why; customers see it (e.g. Diwali)';
  else if (reason.length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters`;
  if (!draft.closed) {
    if (!/^\d{2}:\d{2}$/.test(draft.opens)) errors.opens = 'Enter the opening time';
    if (!/^\d{2}:\d{2}$/.test(draft.closes)) errors.closes = 'Enter the closing time';
    else if (!errors.opens && draft.closes <= draft.opens) errors.closes = 'Closing must be after opening';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    input: draft.closed
      ? { closed: true, reason }
      : { closed: false, opens: draft.opens, closes: draft.closes, reason },
  };
}
