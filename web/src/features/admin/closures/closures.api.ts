import { del, get, put } from '../../../lib/api';
import { readAppointments, type Appointment } from '../../appointments/appointment';

/** A date the spa is closed or open other hours (booking's special days). */
export interface SpecialDay {
  date: string;
  closed: boolean;
  /** "12:00", 24-hour local; null when closed. */
  opens: string | null;
  closes: string | null;
  reason: string;
  /** As the wizard prints it: "Closed: Diwali". */
  note: string;
}

export interface SpecialDayInput {
  closed: boolean;
  opens?: string;
  closes?: string;
  reason: string;
}

export const specialDayKeys = {
  all: ['special-days'] as const,
  stranded: (date: string) => ['special-days', 'stranded', date] as const,
};

const path = (date: string) => `/appointments/special-days/${encodeURIComponent(date)}`;

export async function fetchSpecialDays(): Promise<SpecialDay[]> {
  return (await get<{ specialDays: SpecialDay[] }>('/appointments/special-days')).specialDays;
}

/** Saves the day; answers the open appointments its hours strand (left for the admin to move or cancel). */
export async function saveSpecialDay(
  date: string,
  input: SpecialDayInput,
): Promise<{ specialDay: SpecialDay; stranded: Appointment[] }> {
  const body = await put<{ specialDay: SpecialDay; stranded: unknown }>(path(date), input);
  return { specialDay: body.specialDay, stranded: readAppointments(body.stranded) };
}

export async function fetchStranded(date: string): Promise<Appointment[]> {
  return readAppointments((await get<{ stranded: unknown }>(`${path(date)}/stranded`)).stranded);
}

export const removeSpecialDay = (date: string) => del(path(date));

/** An admin moves an appointment to another start (same treatment, room type and price). */
export const rescheduleAppointment = (appointmentId: string, appointmentDateTime: string) =>
  put(`/appointments/${encodeURIComponent(appointmentId)}/reschedule`, { appointmentDateTime });
