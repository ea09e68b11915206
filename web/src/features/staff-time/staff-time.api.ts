import { get, post, put } from '../../lib/api';
import { readAppointments, type Appointment } from '../appointments/appointment';

/** One weekday of an employee's hours as booking answers it. */
interface ScheduleDay {
  day: string;
  off?: boolean;
  opens?: string;
  closes?: string;
}

export interface Schedule {
  employeeId: string;
  name: string;
  employeeRole: string;
  shift: string;
  /** No weekly hours of their own: their shift's hours every day. */
  usesShift: boolean;
  /** Sunday first. */
  days: ScheduleDay[];
}

type TimeOffStatus = 'requested' | 'approved' | 'declined' | 'withdrawn';

export interface TimeOff {
  id: string;
  employeeId: string;
  employeeName: string;
  firstDate: string;
  lastDate: string;
  reason: string;
  status: TimeOffStatus;
  requestedAt?: string;
  decidedAt?: string | null;
  decisionNote?: string | null;
}

export const staffTimeKeys = {
  all: ['staff-time'] as const,
  schedules: ['staff-time', 'schedules'] as const,
  schedule: (employeeId: string) => ['staff-time', 'schedule', employeeId] as const,
  timeOff: (scope: string, page: number) => ['staff-time', 'time-off', scope, page] as const,
};

export const fetchSchedules = async () =>
  (await get<{ schedules: Schedule[] }>('/appointments/schedules')).schedules;

export const fetchSchedule = (employeeId: string) =>
  get<Schedule>(`/appointments/schedules/${encodeURIComponent(employeeId)}`);

/** Seven entries, Sunday first ({ opens, closes } or null for a day off), or null: the shift's hours. */
export async function saveSchedule(
  employeeId: string,
  days: Array<{ opens: string; closes: string } | null> | null,
): Promise<{ schedule: Schedule; stranded: Appointment[] }> {
  const body = await put<{ schedule: Schedule; stranded: unknown }>(
    `/appointments/schedules/${encodeURIComponent(employeeId)}`,
    { days },
  );
  return { schedule: body.schedule, stranded: readAppointments(body.stranded) };
}

export const TIME_OFF_PAGE_SIZE = 20;

export const fetchTimeOff = (page: number, query: { current?: boolean } = {}) =>
  get<{ requests: TimeOff[]; total: number }>('/appointments/time-off', {
    query: { page, pageSize: TIME_OFF_PAGE_SIZE, ...(query.current ? { current: true } : {}) },
  });

export const requestTimeOff = (request: { firstDate: string; lastDate: string; reason: string }) =>
  post<TimeOff>('/appointments/time-off', request);

export async function decideTimeOff(
  id: string,
  decision: 'approved' | 'declined',
): Promise<{ timeOff: TimeOff; stranded: Appointment[] }> {
  const body = await put<{ timeOff: TimeOff; stranded: unknown }>(
    `/appointments/time-off/${encodeURIComponent(id)}/decision`,
    { decision },
  );
  return { timeOff: body.timeOff, stranded: readAppointments(body.stranded) };
}

export const withdrawTimeOff = (id: string) =>
  put<TimeOff>(`/appointments/time-off/${encodeURIComponent(id)}/withdraw`);
