import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInStatus } from '@spa/rules';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { AdminBanner } from '../../components/ui/admin-table';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { AppointmentStatusSelects } from '../admin/appointments/status-selects';
import { CheckoutButton } from '../counter/checkout-button';
import { updateAppointmentStatus, updatePaymentStatus } from '../appointments/appointments.api';
import { checkInActions, isOver, noShowRecord } from './check-in';
import type { CalendarAppointment, CalendarData } from './calendar.api';
import { appointmentSpan, clock12, dayLabel, recordedSteps } from './calendar-columns';
import { clockOfMinute, instantOf, localOf, minuteOfClock } from './calendar-layout';

/**
 * An appointment opened from the grid: who, what, when and where, the check-in steps, the keyboard's
 * way to move it, and for an admin any status. Refusals show under what was refused.
 */
export function AppointmentDialog({
  open,
  data,
  now,
  isAdmin,
  refusal,
  checkInError,
  checkingIn,
  moving,
  onClose,
  onCheckIn,
  onMove,
}: {
  open: CalendarAppointment;
  data: CalendarData | undefined;
  now: Date;
  isAdmin: boolean;
  refusal: string;
  checkInError: string;
  checkingIn: boolean;
  moving: boolean;
  onClose: () => void;
  onCheckIn: (status: CheckInStatus) => void;
  onMove: (start: string, roomId?: string) => void;
}) {
  return (
    <Modal title={`${open.appointmentId}`} onClose={onClose}>
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
          {dayLabel(localOf(open.start).date)}, {appointmentSpan(open)} (room cleaned until{' '}
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
      <CheckInButtons appointment={open} now={now} busy={checkingIn} onStep={onCheckIn} />
      <AdminBanner>{checkInError}</AdminBanner>
      {data && !isOver(open.status) && (
        <MoveForm appointment={open} data={data} moving={moving} onMove={onMove} />
      )}
      <AdminBanner>{refusal}</AdminBanner>
      <div className="modal__actions">
        <CheckoutButton appointment={open} />
        <Link className="btn btn--ghost" to={`${paths.dashboard}?tab=appointments`}>
          Manage in Appointments
        </Link>
      </div>
    </Modal>
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
