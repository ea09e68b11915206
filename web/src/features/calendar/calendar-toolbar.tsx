import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { addDaysTo } from './calendar-layout';
import { dayLabel, type CalendarView, type ColumnsBy } from './calendar-columns';

/**
 * Which days and columns the calendar shows (kept in the address), whether changes arrive live, and
 * the desk's New booking (the keyboard's way to what a click on the grid does).
 */
export function CalendarToolbar({
  view,
  columns,
  first,
  last,
  step,
  today,
  live,
  set,
  onNewBooking,
}: {
  view: CalendarView;
  columns: ColumnsBy;
  first: string;
  last: string;
  step: number;
  today: string;
  live: boolean;
  /** Changes the address's view, by or date. */
  set: (changes: Record<string, string>) => void;
  onNewBooking: () => void;
}) {
  return (
    <div className="cal-toolbar" role="toolbar" aria-label="Calendar view">
      <div className="cal-nav">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
          onClick={() => set({ date: addDaysTo(first, -step) })}
        >
          <ArrowLeftIcon size={16} />
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => set({ date: today })}>
          Today
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={view === 'week' ? 'Next week' : 'Next day'}
          onClick={() => set({ date: addDaysTo(first, step) })}
        >
          <ArrowRightIcon size={16} />
        </button>
        <strong className="cal-range" aria-live="polite">
          {view === 'week' ? `${dayLabel(first)} – ${dayLabel(last)}` : dayLabel(first)}
        </strong>
        <span
          className={`cal-live${live ? ' cal-live--on' : ''}`}
          title={
            live
              ? 'Changes from other desks show as they happen'
              : 'Reconnecting: the calendar checks for changes every second meanwhile'
          }
        >
          <span className="cal-live__dot" aria-hidden="true" />
          {live ? 'Live' : 'Reconnecting'}
        </span>
      </div>
      <button type="button" className="btn btn--primary btn--sm" onClick={onNewBooking}>
        New booking
      </button>
      <div className="range-toggle" role="group" aria-label="Days shown">
        {(['day', 'week'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => set({ view: option })}
          >
            {option === 'day' ? 'Day' : 'Week'}
          </button>
        ))}
      </div>
      {view === 'day' && (
        <div className="range-toggle" role="group" aria-label="Columns">
          {(['room', 'employee'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={columns === option}
              onClick={() => set({ by: option })}
            >
              {option === 'room' ? 'By room' : 'By employee'}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
