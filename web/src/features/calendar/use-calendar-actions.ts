import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInStatus } from '@spa/rules';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import {
  assignEmployeeTo,
  calendarKeys,
  checkInAppointment,
  moveAppointment,
  type CalendarAppointment,
} from './calendar.api';
import { clock12, dayLabel } from './calendar-columns';
import { localOf } from './calendar-layout';

/**
 * What the desk does from the calendar: move an appointment, give it to an employee, take a check-in
 * step. Each success is toasted and the calendar read again; a refusal is kept (with booking's reason)
 * until the next attempt, for the page to show.
 */
export function useCalendarActions(onMoved: () => void) {
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
      onMoved();
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

  return { move, assign, checkIn, refusal, checkInError };
}
