import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInStatus } from '@spa/rules';
import {
  useCallback,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { AdminBanner } from '../../components/ui/admin-table';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useNow } from '../appointments/use-now';
import { Modal } from '../../components/ui/modal';
import { employeeRoleLabel } from '../auth/account';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { AppointmentStatusSelects } from '../admin/appointments/status-selects';
import { updateAppointmentStatus, updatePaymentStatus } from '../appointments/appointments.api';
import { checkInActions, isOver, noShowRecord } from './check-in';
import { WalkInDialog, type WalkInStart } from './walk-in-dialog';
import {
  assignEmployeeTo,
  calendarKeys,
  checkInAppointment,
  fetchCalendar,
  moveAppointment,
  useCalendarChanges,
  type CalendarAppointment,
  type CalendarData,
  type CalendarDay,
} from './calendar.api';
import {
  addDaysTo,
  clockOfMinute,
  dropMinute,
  newBookingStart,
  gridHours,
  instantOf,
  localOf,
  minuteOfClock,
  mondayOf,
  nowOffset,
  placeBlocks,
  statusClass,
} from './calendar-layout';
import '../../components/ui/admin.css';
import '../dashboard/dashboard.css';
import './calendar.css';
import '../../components/ui/form-field.css';

type View = 'day' | 'week';
type Columns = 'room' | 'employee';

/** Minutes a pixel row of the grid is worth: 12 hours at 1.1 px a minute fit a laptop screen. */
const PX_PER_MINUTE = 1.1;
/**
 * Changes arrive on the change stream (useCalendarChanges) and the calendar is read again at once.
 * While the stream is down the page asks this often instead, so a change still shows within two
 * seconds; while it is up, only this often, in case a notice was lost on the way.
 */
const FALLBACK_REFRESH_MS = 1_000;
const LIVE_REFRESH_MS = 60_000;

const dayLabel = (date: string) => formatCalendarDate(date);
const clock12 = (minute: number) => {
  const hours = Math.floor(minute / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minute % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};
const span = (appointment: CalendarAppointment) =>
  `${clock12(localOf(appointment.start).minute)}–${clock12(localOf(appointment.end).minute)}`;

/**
 * The front desk's calendar at /dashboard/calendar (issue #15, item 1): a day with a column per room or
 * per employee, or a week with a column per day; every appointment a block coloured by status with its
 * cleanup shaded, closures named, the hours an employee does not work shaded, a now line. Booking
 * pushes a notice of every change (server-sent events through the gateway) and the page reads the
 * calendar again, so another desk's booking or change appears within a second, without a reload.
 */
export default function CalendarPage() {
  const now = useNow(30_000);
  const [params, setParams] = useSearchParams();
  const today = localOf(now).date;
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  const columns: Columns = params.get('by') === 'employee' ? 'employee' : 'room';
  const asked = params.get('date');
  const date = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today;
  const first = view === 'week' ? mondayOf(date) : date;
  // The open block is looked up in each answer, so the dialog follows what the desks change.
  const [openId, setOpenId] = useState<string | null>(null);
  const setOpen = (appointment: CalendarAppointment | null) => setOpenId(appointment?.id ?? null);
  const queryClient = useQueryClient();
  // Why the last move was refused (the engine's reason and nearest free starts), until the next one.
  const [refusal, setRefusal] = useState('');
  const move = useMutation({
    mutationFn: ({
      appointment,
      start,
      roomId,
    }: {
      appointment: CalendarAppointment;
      start: string;
      roomId?: string;
    }) => moveAppointment(appointment.id, start, roomId),
    onMutate: () => setRefusal(''),
    onSuccess: async (_answer, { appointment, start }) => {
      toast.success(
        `${appointment.appointmentId} moved to ${dayLabel(localOf(start).date)}, ${clock12(localOf(start).minute)}`,
      );
      setOpen(null);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    onError: (error, { appointment }) =>
      setRefusal(
        `${appointment.appointmentId} was not moved: ${getErrorMessage(error, 'the move was refused')}`,
      ),
  });

  const assign = useMutation({
    mutationFn: ({
      appointment,
      employeeId,
    }: {
      appointment: CalendarAppointment;
      employeeId: string;
      employeeName: string;
    }) => assignEmployeeTo(appointment.id, employeeId),
    onMutate: () => setRefusal(''),
    onSuccess: async (_answer, { appointment, employeeName }) => {
      toast.success(`${appointment.appointmentId} given to ${employeeName}`);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    onError: (error, { appointment, employeeName }) =>
      setRefusal(
        `${appointment.appointmentId} was not given to ${employeeName}: ${getErrorMessage(error, 'the change was refused')}`,
      ),
  });
  const [checkInError, setCheckInError] = useState('');
  // A walk-in or phone booking being made, from the toolbar or an empty spot of the grid.
  const [walkIn, setWalkIn] = useState<WalkInStart | null>(null);
  const checkIn = useMutation({
    mutationFn: ({ appointment, status }: { appointment: CalendarAppointment; status: CheckInStatus }) =>
      checkInAppointment(appointment.id, status),
    onMutate: () => setCheckInError(''),
    onSuccess: async (_answer, { appointment, status }) => {
      toast.success(`${appointment.appointmentId}: ${status === 'No-show' ? 'marked a no-show' : status}`);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    onError: (error, { appointment }) =>
      setCheckInError(
        `${appointment.appointmentId} was not changed: ${getErrorMessage(error, 'the step was refused')}`,
      ),
  });

  const live = useCalendarChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }), [queryClient]),
  );
  const calendar = useQuery({
    queryKey: calendarKeys.range(first, view === 'week' ? 7 : 1),
    queryFn: () => fetchCalendar(first, view === 'week' ? 7 : 1),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : FALLBACK_REFRESH_MS,
    retry: (count, error) => !(isApiError(error) && error.status === 403) && count < 2,
  });
  const set = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });
  const step = view === 'week' ? 7 : 1;
  const open = calendar.data?.appointments.find((appointment) => appointment.id === openId) ?? null;
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');

  if (isApiError(calendar.error) && calendar.error.status === 403)
    return (
      <div className="container cal-page">
        <PageTitle title="Calendar" />
        <h1>Calendar</h1>
        <AdminBanner>The calendar is for admins, managers and receptionists.</AdminBanner>
      </div>
    );

  return (
    <div className="container cal-page cal-page--wide">
      <PageTitle title="Calendar" />
      <header className="cal-head">
        <div>
          <span className="eyebrow">Front desk</span>
          <h1>Calendar</h1>
        </div>
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
              {view === 'week' ? `${dayLabel(first)} – ${dayLabel(addDaysTo(first, 6))}` : dayLabel(first)}
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
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => setWalkIn(newBookingStart(first, now))}
          >
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
      </header>

      <AdminBanner>
        {calendar.error &&
          getErrorMessage(calendar.error, 'The calendar could not be loaded; it will try again.')}
      </AdminBanner>
      <AdminBanner>{refusal}</AdminBanner>
      {calendar.isPending ? (
        <p className="muted">Loading the calendar…</p>
      ) : calendar.data ? (
        <CalendarGrid
          data={calendar.data}
          view={view}
          columns={columns}
          now={now}
          onOpen={setOpen}
          onMove={(appointment, start, roomId) => move.mutate({ appointment, start, roomId })}
          onNew={setWalkIn}
          onAssign={(appointment, employeeId, employeeName) =>
            assign.mutate({ appointment, employeeId, employeeName })
          }
        />
      ) : null}

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

      {walkIn && (
        <WalkInDialog
          start={walkIn}
          onClose={() => setWalkIn(null)}
          onBooked={async (code, name) => {
            toast.success(`${code} booked for ${name}`);
            setWalkIn(null);
            await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
          }}
        />
      )}

      {open && (
        <Modal title={`${open.appointmentId}`} onClose={() => setOpen(null)}>
          <dl className="cal-details">
            <dt>Customer</dt>
            <dd>
              {open.customerName}
              {open.customerNoShows > 0 && (
                <span className="cal-noshows"> · {noShowRecord(open.customerNoShows)}</span>
              )}
            </dd>
            <dt>Treatment</dt>
            <dd>{open.serviceName}</dd>
            <dt>When</dt>
            <dd>
              {dayLabel(localOf(open.start).date)}, {span(open)} (room cleaned until{' '}
              {clock12(localOf(open.cleanupUntil).minute)})
            </dd>
            <dt>Room</dt>
            <dd>{open.roomNumber}</dd>
            <dt>Employee</dt>
            <dd>{open.employeeName ?? 'Not assigned yet'}</dd>
            <dt>Status</dt>
            <dd>
              {open.status} · payment {open.paymentStatus}
            </dd>
            {recordedSteps(open).length > 0 && (
              <>
                <dt>Recorded</dt>
                <dd>{recordedSteps(open).join(' · ')}</dd>
              </>
            )}
          </dl>
          {isAdmin && <AdminStatusFields appointment={open} />}
          <CheckInButtons
            appointment={open}
            now={now}
            busy={checkIn.isPending}
            onStep={(status) => checkIn.mutate({ appointment: open, status })}
          />
          <AdminBanner>{checkInError}</AdminBanner>
          {calendar.data && !isOver(open.status) && (
            <MoveForm
              appointment={open}
              data={calendar.data}
              moving={move.isPending}
              onMove={(start, roomId) => move.mutate({ appointment: open, start, roomId })}
            />
          )}
          <AdminBanner>{refusal}</AdminBanner>
          <div className="modal__actions">
            <Link className="btn btn--ghost" to={`${paths.dashboard}?tab=appointments`}>
              Manage in Appointments
            </Link>
          </div>
        </Modal>
      )}
    </div>
  );
}

/**
 * The admin's any-status and payment-status dropdowns, as on the Appointments tab (the same choices:
 * an online payment's refunds come only from the provider). Booking judges them as there; a refusal is
 * shown under them.
 */
function AdminStatusFields({ appointment }: { appointment: CalendarAppointment }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['appointments'] });
  const status = useMutation({
    mutationFn: (next: string) => updateAppointmentStatus(appointment.id, next),
    onSuccess: async (_answer, next) => {
      toast.success(`${appointment.appointmentId}: ${next}`);
      await refresh();
    },
  });
  const payment = useMutation({
    mutationFn: (next: string) => updatePaymentStatus(appointment.id, next),
    onSuccess: async (_answer, next) => {
      toast.success(`${appointment.appointmentId}: payment ${next}`);
      await refresh();
    },
  });
  const busy = status.isPending || payment.isPending;
  const error = status.error ?? payment.error;
  return (
    <div className="cal-admin">
      <AppointmentStatusSelects
        appointment={appointment}
        busy={busy}
        onStatus={(next) => status.mutate(next)}
        onPaymentStatus={(next) => payment.mutate(next)}
      />
      <AdminBanner>{error && getErrorMessage(error, 'The change was refused.')}</AdminBanner>
    </div>
  );
}

/** "Arrived 9:52 AM · Started 10:02 AM": the check-in flow's times, as the desk recorded them. */
function recordedSteps(appointment: CalendarAppointment): string[] {
  const steps: Array<[string, string | null]> = [
    ['Arrived', appointment.arrivedAt],
    ['Started', appointment.startedAt],
    ['Completed', appointment.completedAt],
    ['No-show marked', appointment.noShowAt],
  ];
  return steps.flatMap(([label, at]) => (at ? [`${label} ${clock12(localOf(at).minute)}`] : []));
}

/**
 * The steps booking would take now, as buttons. A no-show frees the slot and counts against the
 * customer, so it asks once more before it is sent.
 */
function CheckInButtons({
  appointment,
  now,
  busy,
  onStep,
}: {
  appointment: CalendarAppointment;
  now: Date;
  busy: boolean;
  onStep: (status: CheckInStatus) => void;
}) {
  const [confirmingNoShow, setConfirmingNoShow] = useState(false);
  const actions = checkInActions(appointment, now);
  if (actions.length === 0) return null;
  return (
    <div className="cal-checkin" role="group" aria-label="Check-in">
      {actions.map((action) =>
        action.status === 'No-show' ? (
          confirmingNoShow ? (
            <span key={action.status} className="cal-checkin__confirm">
              <span>Free the rest of the slot and count a no-show for {appointment.customerName}?</span>
              <button
                type="button"
                className="btn btn--danger btn--sm"
                disabled={busy}
                onClick={() => onStep('No-show')}
              >
                Confirm no-show
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setConfirmingNoShow(false)}
              >
                Keep waiting
              </button>
            </span>
          ) : (
            <button
              key={action.status}
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              onClick={() => setConfirmingNoShow(true)}
            >
              {action.label}
            </button>
          )
        ) : (
          <button
            key={action.status}
            type="button"
            className="btn btn--primary btn--sm"
            disabled={busy}
            onClick={() => onStep(action.status)}
          >
            {action.label}
          </button>
        ),
      )}
    </div>
  );
}

interface Column {
  key: string;
  title: string;
  subtitle?: string;
  date: string;
  appointments: CalendarAppointment[];
  /** Shaded spans: the column's closed hours (an employee off, a closed day), as minutes of the day. */
  shaded: Array<{ from: number; to: number; label: string }>;
}

function columnsOf(data: CalendarData, view: View, by: Columns): Column[] {
  const grid = gridHours(data.days, data.appointments);
  const closedDay = (day: CalendarDay) =>
    day.closed ? [{ from: grid.startMinute, to: grid.endMinute, label: day.note ?? 'Closed' }] : [];
  if (view === 'week')
    return data.days.map((day) => ({
      key: day.date,
      title: dayLabel(day.date),
      subtitle: day.note,
      date: day.date,
      appointments: data.appointments.filter((appointment) => localOf(appointment.start).date === day.date),
      shaded: closedDay(day),
    }));
  const day = data.days[0]!;
  if (by === 'room')
    return data.rooms.map((room) => ({
      key: room.id,
      title: `Room ${room.roomNumber}`,
      subtitle: `${room.type} · ${room.capacity}${room.status === 'Maintenance' ? ' · maintenance' : ''}`,
      date: day.date,
      appointments: data.appointments.filter((appointment) => appointment.roomId === room.id),
      shaded: closedDay(day),
    }));
  const unassigned = data.appointments.filter((appointment) => !appointment.employeeId);
  return [
    ...data.employees.map((employee) => {
      const hours = employee.hours[0];
      const works = hours && !hours.off && hours.opens && hours.closes;
      return {
        key: employee.id,
        title: employee.name,
        subtitle: works
          ? `${employeeRoleLabel(employee.employeeRole)} · ${hours.opens}–${hours.closes}`
          : 'Off today',
        date: day.date,
        appointments: data.appointments.filter((appointment) => appointment.employeeId === employee.id),
        shaded: day.closed
          ? closedDay(day)
          : works
            ? [
                { from: grid.startMinute, to: minuteOfClock(hours.opens!), label: 'Not working' },
                { from: minuteOfClock(hours.closes!), to: grid.endMinute, label: 'Not working' },
              ].filter((spanOf) => spanOf.to > spanOf.from)
            : [{ from: grid.startMinute, to: grid.endMinute, label: 'Off' }],
      };
    }),
    ...(unassigned.length > 0
      ? [{ key: 'unassigned', title: 'Not assigned', date: day.date, appointments: unassigned, shaded: [] }]
      : []),
  ];
}

function CalendarGrid({
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
  view: View;
  columns: Columns;
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
                      aria-label={`${appointment.appointmentId}, ${appointment.customerName}, ${appointment.serviceName}, ${span(appointment)}, ${where}, ${appointment.status}`}
                      onClick={() => onOpen(appointment)}
                    >
                      {/* The label above names the block and holds every word shown here; the
                          spaces between the lines keep those words apart for anyone reading the text
                          (the label-in-name check, a speech user), though the grid lays them out alone. */}
                      <strong>{appointment.customerName}</strong> <span>{appointment.serviceName}</span>{' '}
                      <span>
                        {span(appointment)} · {where}
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

/** The keyboard's way to move (what dragging does): another start, and another room of its type. */
function MoveForm({
  appointment,
  data,
  moving,
  onMove,
}: {
  appointment: CalendarAppointment;
  data: CalendarData;
  moving: boolean;
  onMove: (start: string, roomId?: string) => void;
}) {
  const local = localOf(appointment.start);
  const [when, setWhen] = useState(`${local.date}T${clockOfMinute(local.minute)}`);
  // Rooms of the same type and capacity: the price the customer paid (booking refuses any other).
  const current = data.rooms.find((room) => room.id === appointment.roomId);
  const rooms = data.rooms.filter(
    (room) =>
      room.type === current?.type &&
      room.capacity === current.capacity &&
      (room.status !== 'Maintenance' || room.id === appointment.roomId),
  );
  const [roomId, setRoomId] = useState(appointment.roomId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [date, time] = when.split('T');
    if (!date || !time) return;
    onMove(instantOf(date, minuteOfClock(time)), roomId !== appointment.roomId ? roomId : undefined);
  };
  return (
    <form className="cal-move" onSubmit={submit} aria-label={`Move ${appointment.appointmentId}`}>
      <label>
        <span>New start</span>
        <input
          className="cat-input"
          type="datetime-local"
          step={900}
          value={when}
          onChange={(event) => setWhen(event.target.value)}
        />
      </label>
      <label>
        <span>Room</span>
        <select className="cat-input" value={roomId} onChange={(event) => setRoomId(event.target.value)}>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.roomNumber} ({room.type}, {room.capacity})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--primary" disabled={moving}>
        {moving ? 'Moving…' : 'Move'}
      </button>
    </form>
  );
}
