import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { AdminBanner } from '../../components/ui/admin-table';
import { getErrorMessage, isApiError } from '../../lib/api';
import { useNow } from '../appointments/use-now';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { AppointmentDialog } from './appointment-dialog';
import { WalkInDialog, type WalkInStart } from './walk-in-dialog';
import { calendarKeys, fetchCalendar, useCalendarChanges, type CalendarAppointment } from './calendar.api';
import { calendarViewOf } from './calendar-columns';
import { CalendarGrid, CalendarLegend } from './calendar-grid';
import { localOf, newBookingStart } from './calendar-layout';
import { CalendarToolbar } from './calendar-toolbar';
import { useCalendarActions } from './use-calendar-actions';
import '../../components/ui/admin.css';
import '../dashboard/dashboard.css';
import './calendar.css';
import '../../components/ui/form-field.css';

/**
 * Changes arrive on the change stream (useCalendarChanges) and the calendar is read again at once.
 * While the stream is down the page asks this often instead, so a change still shows within two
 * seconds; while it is up, only this often, in case a notice was lost on the way.
 */
const FALLBACK_REFRESH_MS = 1_000;
const LIVE_REFRESH_MS = 60_000;

/**
 * The front desk's calendar at /dashboard/calendar: a day with a column per room or
 * per employee, or a week with a column per day; every appointment a block coloured by status with its
 * cleanup shaded, closures named, the hours an employee does not work shaded, a now line. Booking
 * pushes a notice of every change (server-sent events through the gateway) and the page reads the
 * calendar again, so another desk's booking or change appears within a second, without a reload.
 */
export default function CalendarPage() {
  const now = useNow(30_000);
  const [params, setParams] = useSearchParams();
  const today = localOf(now).date;
  const { view, by: columns, first, days, last } = calendarViewOf(params, today);
  // The open block is looked up in each answer, so the dialog follows what the desks change.
  const [openId, setOpenId] = useState<string | null>(null);
  const setOpen = (appointment: CalendarAppointment | null) => setOpenId(appointment?.id ?? null);
  const queryClient = useQueryClient();
  const { move, assign, checkIn, refusal, checkInError } = useCalendarActions(() => setOpen(null));
  // A walk-in or phone booking being made, from the toolbar or an empty spot of the grid.
  const [walkIn, setWalkIn] = useState<WalkInStart | null>(null);

  const live = useCalendarChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }), [queryClient]),
  );
  const calendar = useQuery({
    queryKey: calendarKeys.range(first, days),
    queryFn: () => fetchCalendar(first, days),
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
        <CalendarToolbar
          view={view}
          columns={columns}
          first={first}
          last={last}
          step={days}
          today={today}
          live={live}
          set={set}
          onNewBooking={() => setWalkIn(newBookingStart(first, now))}
        />
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

      <CalendarLegend />

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
        <AppointmentDialog
          open={open}
          data={calendar.data}
          now={now}
          isAdmin={isAdmin}
          refusal={refusal}
          checkInError={checkInError}
          checkingIn={checkIn.isPending}
          moving={move.isPending}
          onClose={() => setOpen(null)}
          onCheckIn={(status) => checkIn.mutate({ appointment: open, status })}
          onMove={(start, roomId) => move.mutate({ appointment: open, start, roomId })}
        />
      )}
    </div>
  );
}
