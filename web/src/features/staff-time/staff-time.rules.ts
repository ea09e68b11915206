import { formatCalendarDate } from '../../lib/format';
import type { Schedule } from './staff-time.api';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekly hours form: a row a weekday, Sunday first. */
export interface WeekDraftDay {
  working: boolean;
  opens: string;
  closes: string;
}

export function weekDraft(schedule: Pick<Schedule, 'days'>): WeekDraftDay[] {
  return Array.from({ length: 7 }, (_, index) => {
    const day = schedule.days[index];
    return day && !day.off && day.opens && day.closes
      ? { working: true, opens: day.opens, closes: day.closes }
      : { working: false, opens: '09:00', closes: '17:00' };
  });
}

/** The week as booking takes it, or the weekday rows that are wrong (by index). */
export function validateWeek(draft: readonly WeekDraftDay[]): {
  days?: Array<{ opens: string; closes: string } | null>;
  errors: Record<number, string>;
} {
  const errors: Record<number, string> = {};
  draft.forEach((day, index) => {
    if (!day.working) return;
    if (!/^\d{2}:\d{2}$/.test(day.opens) || !/^\d{2}:\d{2}$/.test(day.closes))
      errors[index] = 'Enter both times';
    else if (day.closes <= day.opens) errors[index] = 'The day must end after it starts';
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    days: draft.map((day) => (day.working ? { opens: day.opens, closes: day.closes } : null)),
  };
}

/** "Mon–Fri 12:00–18:00 · Sat 10:00–14:00 · Sun off": a week in one line, like days run together. */
export function weekSummary(schedule: Pick<Schedule, 'days'>): string {
  // Monday first, as people read a working week.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const label = (index: number) => WEEKDAY_NAMES[index]!.slice(0, 3);
  const text = (index: number) => {
    const day = schedule.days[index];
    return day && !day.off ? `${day.opens}–${day.closes}` : 'off';
  };
  const groups: Array<{ first: number; last: number; hours: string }> = [];
  for (const index of order) {
    const hours = text(index);
    const previous = groups.at(-1);
    if (previous && previous.hours === hours) previous.last = index;
    else groups.push({ first: index, last: index, hours });
  }
  return groups
    .map(
      ({ first, last, hours }) =>
        `${first === last ? label(first) : `${label(first)}–${label(last)}`} ${hours}`,
    )
    .join(' · ');
}

export interface TimeOffDraft {
  firstDate: string;
  lastDate: string;
  reason: string;
}

const MAX_TIME_OFF_DAYS = 45;

/** The checks booking makes too, said by the field before sending. */
export function validateTimeOff(
  draft: TimeOffDraft,
  today: string,
): { errors: Partial<Record<keyof TimeOffDraft, string>>; request?: TimeOffDraft } {
  const errors: Partial<Record<keyof TimeOffDraft, string>> = {};
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(draft.firstDate)) errors.firstDate = 'Choose the first day';
  else if (draft.firstDate < today) errors.firstDate = 'Choose today or a later day';
  if (!date.test(draft.lastDate)) errors.lastDate = 'Choose the last day';
  else if (!errors.firstDate && draft.lastDate < draft.firstDate)
    errors.lastDate = 'The last day must not be before the first';
  else if (!errors.firstDate) {
    const days = (Date.parse(draft.lastDate) - Date.parse(draft.firstDate)) / 86_400_000 + 1;
    if (days > MAX_TIME_OFF_DAYS) errors.lastDate = `Ask for at most ${MAX_TIME_OFF_DAYS} days at a time`;
  }
  const reason = draft.reason.trim();
  if (!reason) errors.reason = 'Say why (leave, training, a family event…)';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, request: { ...draft, reason } };
}

const dayText = (date: string) => formatCalendarDate(date);

/** "Mon 7 Dec" or "Mon 7 Dec – Wed 9 Dec". */
export function datesText(request: { firstDate: string; lastDate: string }): string {
  return request.firstDate === request.lastDate
    ? dayText(request.firstDate)
    : `${dayText(request.firstDate)} – ${dayText(request.lastDate)}`;
}

export const TIME_OFF_STATUS_LABELS: Record<string, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
