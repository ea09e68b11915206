import { useRef, type CSSProperties, type DragEvent, type MouseEvent } from 'react';
import { isOver } from './check-in';
import type { CalendarAppointment, CalendarData } from './calendar.api';
import {
  appointmentSpan,
  clock12,
  columnsOf,
  type CalendarView,
  type Column,
  type ColumnsBy,
} from './calendar-columns';
import {
  clockOfMinute,
  dropMinute,
  gridHours,
  instantOf,
  nowOffset,
  placeBlocks,
  statusClass,
} from './calendar-layout';
import type { WalkInStart } from './walk-in-dialog';

/** Minutes a pixel row of the grid is worth: 12 hours at 1.1 px a minute fit a laptop screen. */
const PX_PER_MINUTE = 1.1;

/**
 * The calendar's grid: a column per room, employee or day (calendar-columns.ts), each appointment a
 * block coloured by status with its cleanup shaded, the closed hours shaded, a now line. Blocks are
 * dragged to move them; a click on an empty spot starts a booking there.
 */
export function CalendarGrid({
  data,
  view,
  columns: by,
  now,
  onOpen,
  onMove,
  onNew,
  onAssign,
}: {
  data: CalendarData;
  view: CalendarView;
  columns: ColumnsBy;
  now: Date;
  onOpen: (appointment: CalendarAppointment) => void;
  onMove: (appointment: CalendarAppointment, start: string, roomId?: string) => void;
  onNew: (start: WalkInStart) => void;
  onAssign: (appointment: CalendarAppointment, employeeId: string, employeeName: string) => void;
}) {
  const grid = gridHours(data.days, data.appointments);
  const dragged = useRef<{ appointment: CalendarAppointment; grabMinutes: number } | null>(null);
  const onDragStart = (event: DragEvent<HTMLButtonElement>, appointment: CalendarAppointment) => {
    const rect = event.currentTarget.getBoundingClientRect();
    dragged.current = { appointment, grabMinutes: (event.clientY - rect.top) / PX_PER_MINUTE };
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', appointment.appointmentId);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>, column: Column) => {
    event.preventDefault();
    const drag = dragged.current;
    dragged.current = null;
    if (!drag) return;
    if (view === 'day' && by === 'employee') {
      if (column.key !== 'unassigned' && column.key !== drag.appointment.employeeId)
        onAssign(drag.appointment, column.key, column.title);
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const pointerMinute = grid.startMinute + (event.clientY - rect.top) / PX_PER_MINUTE;
    const duration = (Date.parse(drag.appointment.end) - Date.parse(drag.appointment.start)) / 60_000;
    const start = instantOf(column.date, dropMinute(pointerMinute, drag.grabMinutes, duration, grid));
    const roomId = view === 'day' && by === 'room' ? column.key : undefined;
    if (
      start === new Date(drag.appointment.start).toISOString() &&
      (!roomId || roomId === drag.appointment.roomId)
    )
      return;
    onMove(drag.appointment, start, roomId);
  };
  // A click on an empty part of a column starts a booking there (the toolbar's New booking is the
  // keyboard's way): that day, the quarter hour under the pointer, and by room that room's kind.
  const onEmptyClick = (event: MouseEvent<HTMLDivElement>, column: Column) => {
    if ((event.target as HTMLElement).closest('.cal-slot')) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const minute = grid.startMinute + (event.clientY - rect.top) / PX_PER_MINUTE;
    const room =
      view === 'day' && by === 'room' ? data.rooms.find((each) => each.id === column.key) : undefined;
    onNew({
      date: column.date,
      time: clockOfMinute(Math.floor(minute / 15) * 15),
      ...(room ? { room: { type: room.type, capacity: room.capacity } } : {}),
    });
  };
  const height = (grid.endMinute - grid.startMinute) * PX_PER_MINUTE;
  const columns = columnsOf(data, view, by);
  const hours = Array.from(
    { length: (grid.endMinute - grid.startMinute) / 60 },
    (_, index) => grid.startMinute + index * 60,
  );
  const pct = (minute: number) => ((minute - grid.startMinute) / (grid.endMinute - grid.startMinute)) * 100;
  const style = { '--cal-height': `${height}px`, '--cal-columns': columns.length } as CSSProperties;

  if (columns.length === 0) return <p className="muted">No rooms or employees to show yet.</p>;
  return (
    // Scrolls both ways on a tablet or a busy day: focusable, so the keyboard can scroll it too.
    <div className="cal-scroll" role="region" aria-label="Appointments by time" tabIndex={0}>
      <div className="cal-grid" style={style}>
        <div className="cal-corner" aria-hidden="true" />
        {columns.map((column) => (
          <div key={column.key} className="cal-column-head">
            <strong>{column.title}</strong>
            {column.subtitle && <span>{column.subtitle}</span>}
          </div>
        ))}
        <div className="cal-gutter" aria-hidden="true">
          {hours.map((minute) => (
            <span key={minute} style={{ top: `${pct(minute)}%` }}>
              {clock12(minute)}
            </span>
          ))}
        </div>
        {columns.map((column) => {
          const line = nowOffset(now, column.date, grid);
          return (
            <div
              key={column.key}
              className="cal-column"
              // Blocks move by dragging: in the week and the day by room to another time (and room);
              // in the day by employee onto another employee's column, which gives it to them.
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, column)}
              onClick={(event) => onEmptyClick(event, column)}
              role="group"
              aria-label={`${column.title}: ${column.appointments.length} appointment${column.appointments.length === 1 ? '' : 's'}`}
            >
              {hours.map((minute) => (
                <div
                  key={minute}
                  className="cal-hour-line"
                  style={{ top: `${pct(minute)}%` }}
                  aria-hidden="true"
                />
              ))}
              {column.shaded.map((shade) => (
                <div
                  key={`${shade.from}-${shade.to}`}
                  className="cal-shade"
                  style={{ top: `${pct(shade.from)}%`, height: `${pct(shade.to) - pct(shade.from)}%` }}
                >
                  <span>{shade.label}</span>
                </div>
              ))}
              {placeBlocks(column.appointments, grid).map((placed) => {
                const { appointment } = placed;
                const where =
                  view === 'week'
                    ? `Room ${appointment.roomNumber}`
                    : by === 'room'
                      ? (appointment.employeeName ?? 'No employee yet')
                      : `Room ${appointment.roomNumber}`;
                return (
                  <div
                    key={appointment.id}
                    className="cal-slot"
                    style={{
                      top: `${placed.top}%`,
                      height: `${placed.height + placed.cleanupHeight}%`,
                      left: `${(placed.lane / placed.lanes) * 100}%`,
                      width: `${100 / placed.lanes}%`,
                    }}
                  >
                    <button
                      type="button"
                      className={`cal-block cal-block--${statusClass(appointment.status)}`}
                      draggable={!isOver(appointment.status)}
                      onDragStart={
                        isOver(appointment.status) ? undefined : (event) => onDragStart(event, appointment)
                      }
                      style={{ height: `${(placed.height / (placed.height + placed.cleanupHeight)) * 100}%` }}
                      aria-label={`${appointment.appointmentId}, ${appointment.customerName}, ${appointment.serviceName}, ${appointmentSpan(appointment)}, ${where}, ${appointment.status}`}
                      onClick={() => onOpen(appointment)}
                    >
                      {/* The label above names the block and holds every word shown here; the
                          spaces between the lines keep those words apart for anyone reading the text
                          (the label-in-name check, a speech user), though the grid lays them out alone. */}
                      <strong>{appointment.customerName}</strong> <span>{appointment.serviceName}</span>{' '}
                      <span>
                        {appointmentSpan(appointment)} · {where}
                      </span>
                    </button>
                    <div className="cal-cleanup" aria-hidden="true" />
                  </div>
                );
              })}
              {line !== undefined && (
                <div className="cal-now" style={{ top: `${line}%` }} role="presentation">
                  <span className="visually-hidden">Now</span>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** What the blocks' colours mean. */
export function CalendarLegend() {
  return (
    <ul className="cal-legend" aria-label="Colours">
      {['Pending', 'Confirmed', 'Arrived', 'In Progress', 'Completed', 'No-show'].map((status) => (
        <li key={status}>
          <span className={`cal-swatch cal-block--${statusClass(status)}`} aria-hidden="true" /> {status}
        </li>
      ))}
      <li>
        <span className="cal-swatch cal-swatch--cleanup" aria-hidden="true" /> Cleanup
      </li>
    </ul>
  );
}
