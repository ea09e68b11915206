import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { BusinessHours } from '@spa/rules';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import {
  BOOKING_WINDOW_DAYS,
  addDays,
  businessDayOf,
  daySlots,
  firstBookableDay,
  formatPickerDate,
  isBookableDay,
  longDayLabel,
  monthGrid,
  monthTitle,
  parsePickerDate,
  sameDay,
  shiftMonth,
  type CalendarDay,
} from './business-time';
import type { AvailabilityView } from './availability';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const REASONS = {
  past: 'already passed',
  'after-closing': 'would end after closing time',
  taken: 'is fully booked',
} as const;

export { useNow } from './use-now';

interface DateTimePickerProps {
  /** ISO instant of the chosen start. */
  value?: string;
  durationMinutes: number;
  now: Date;
  /** Booking's business hours (useBookingRules). */
  hours: BusinessHours;
  /** What booking says is free (availability.ts); without it, every time the hours allow is offered. */
  availability?: AvailabilityView;
  /** Told the month the calendar shows, so its availability can be asked for. */
  onMonthShown?: (month: { year: number; month: number }) => void;
  onChange: (start: string) => void;
}

/**
 * The spec's date-time input: a date typed as MM/dd/yyyy or picked on the calendar, then a start time
 * in 30-minute steps. Days and times in the past or that would run past closing cannot be chosen,
 * nor (once booking has answered for the month shown) a time nobody is free for or a full day.
 */
export function DateTimePicker({
  value,
  durationMinutes,
  now,
  hours,
  availability,
  onMonthShown,
  onChange,
}: DateTimePickerProps) {
  const id = useId();
  const chosen = value ? businessDayOf(new Date(value)) : null;
  const [day, setDay] = useState<CalendarDay>(() => chosen ?? firstBookableDay(durationMinutes, now, hours));
  const [month, setMonth] = useState(() => ({ year: day.year, month: day.month }));
  const [typed, setTyped] = useState(() => formatPickerDate(day));
  const [typedError, setTypedError] = useState('');

  useEffect(() => {
    onMonthShown?.({ year: month.year, month: month.month });
  }, [month.year, month.month, onMonthShown]);

  const today = businessDayOf(now);
  const full = (cell: CalendarDay) => Boolean(availability?.fullDay(cell));
  // A closure or special hours the admin set ("Closed: Diwali"): said on the day and under its times.
  const noteOf = (cell: CalendarDay) => availability?.noteOf(cell);
  const dayState = (cell: CalendarDay) => {
    const note = noteOf(cell);
    if (note) return `, ${note}`;
    return full(cell) ? ', fully booked' : '';
  };
  const openNote = noteOf(day);
  const lastDay = addDays(today, BOOKING_WINDOW_DAYS);
  const canGoBack = month.year * 12 + month.month > today.year * 12 + today.month;
  const canGoForward = month.year * 12 + month.month < lastDay.year * 12 + lastDay.month;

  const openDay = (next: CalendarDay) => {
    setDay(next);
    setMonth({ year: next.year, month: next.month });
    setTyped(formatPickerDate(next));
    setTypedError('');
  };

  const applyTyped = () => {
    const parsed = parsePickerDate(typed);
    if (!parsed) setTypedError('Enter the date as MM/dd/yyyy');
    else if (!isBookableDay(parsed, durationMinutes, now, hours) || full(parsed))
      setTypedError(
        noteOf(parsed)?.startsWith('Closed')
          ? `The spa is ${noteOf(parsed)!.replace(/^Closed/, 'closed that day')}. Choose another day.`
          : 'That day has no times left to book. Choose another day.',
      );
    else openDay(parsed);
  };

  const onTypedKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyTyped();
  };

  // A time the hours allow but booking says is taken (no room or therapist free) is offered no more.
  const slots = daySlots(day, durationMinutes, now, hours).map((slot) =>
    slot.selectable && availability?.takenStart(slot.start.toISOString())
      ? { ...slot, selectable: false, reason: 'taken' as const }
      : slot,
  );

  return (
    <div className="dt-picker">
      <div className="dt-picker__date">
        <label className="field__label" htmlFor={`${id}-date`}>
          Date (MM/dd/yyyy)
        </label>
        <input
          id={`${id}-date`}
          className="input dt-picker__input"
          inputMode="numeric"
          placeholder="MM/dd/yyyy"
          autoComplete="off"
          value={typed}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={typedError ? `${id}-date-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={applyTyped}
          onKeyDown={onTypedKey}
        />
        {typedError && (
          <p id={`${id}-date-error`} className="dt-picker__error" role="alert">
            {typedError}
          </p>
        )}

        <div className="dt-calendar" role="group" aria-labelledby={`${id}-month`}>
          <div className="dt-calendar__head">
            <button
              type="button"
              className="dt-calendar__nav"
              aria-label="Previous month"
              disabled={!canGoBack}
              onClick={() => setMonth(shiftMonth(month.year, month.month, -1))}
            >
              <ArrowLeftIcon size={16} />
            </button>
            <strong id={`${id}-month`} aria-live="polite">
              {monthTitle(month.year, month.month)}
            </strong>
            <button
              type="button"
              className="dt-calendar__nav"
              aria-label="Next month"
              disabled={!canGoForward}
              onClick={() => setMonth(shiftMonth(month.year, month.month, 1))}
            >
              <ArrowRightIcon size={16} />
            </button>
          </div>
          <div className="dt-calendar__grid">
            {WEEKDAYS.map((weekday) => (
              <span key={weekday} className="dt-calendar__weekday" aria-hidden="true">
                {weekday}
              </span>
            ))}
            {monthGrid(month.year, month.month)
              .flat()
              .map((cell, index) =>
                cell ? (
                  <button
                    key={index}
                    type="button"
                    className={`dt-calendar__day${sameDay(cell, day) ? ' dt-calendar__day--open' : ''}${sameDay(cell, today) ? ' dt-calendar__day--today' : ''}`}
                    aria-label={`${longDayLabel(cell)}${dayState(cell)}`}
                    title={noteOf(cell)}
                    aria-pressed={sameDay(cell, day)}
                    disabled={!isBookableDay(cell, durationMinutes, now, hours) || full(cell)}
                    onClick={() => openDay(cell)}
                  >
                    {cell.day}
                  </button>
                ) : (
                  <span key={index} aria-hidden="true" />
                ),
              )}
          </div>
        </div>
      </div>

      <fieldset className="dt-picker__times">
        <legend className="field__label">Start time on {formatPickerDate(day)}</legend>
        {openNote && (
          <p className="dt-picker__note" role="status">
            {openNote}
          </p>
        )}
        <div className="dt-times">
          {slots.map((slot) => {
            const selected = value === slot.start.toISOString();
            return (
              <button
                key={slot.minuteOfDay}
                type="button"
                className={`dt-time${selected ? ' dt-time--selected' : ''}`}
                aria-pressed={selected}
                disabled={!slot.selectable}
                title={slot.reason ? `${slot.label} ${REASONS[slot.reason]}` : undefined}
                onClick={() => onChange(slot.start.toISOString())}
              >
                {slot.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
