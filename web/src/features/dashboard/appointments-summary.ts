import { get } from '../../lib/api';

/** The few appointment fields the dashboards show (spec section 3, Appointment). */
export interface AppointmentSummary {
  id: string;
  appointmentId?: string;
  serviceName: string;
  dateTime?: string;
  status: string;
  totalPrice?: number;
  roomLocation?: string;
}

export type TimeRange = 'upcoming' | 'past' | 'all';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function nameOf(value: unknown): string | undefined {
  if (value && typeof value === 'object') return text((value as Record<string, unknown>).name);
  return undefined;
}

/** The booking service answers a list, or an object holding one; each item is read defensively. */
export function readAppointments(body: unknown): AppointmentSummary[] {
  const source = body as Record<string, unknown> | unknown[] | null;
  const list = Array.isArray(source)
    ? source
    : Array.isArray(source?.appointments)
      ? source.appointments
      : Array.isArray(source?.data)
        ? source.data
        : [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const raw = item as Record<string, unknown>;
    const id = text(raw._id) ?? text(raw.id);
    if (!id) return [];
    const total = Number(raw.totalPrice);
    return [
      {
        id,
        appointmentId: text(raw.appointmentId),
        serviceName: nameOf(raw.serviceId) ?? nameOf(raw.service) ?? text(raw.serviceName) ?? 'Treatment',
        dateTime: text(raw.appointmentDateTime),
        status: text(raw.status) ?? 'Pending',
        totalPrice: Number.isFinite(total) ? total : undefined,
        roomLocation: (raw.roomId && typeof raw.roomId === 'object'
          ? text((raw.roomId as Record<string, unknown>).location)
          : undefined) as string | undefined,
      },
    ];
  });
}

export async function fetchUserAppointments(userId: string, timeRange: TimeRange) {
  return readAppointments(
    await get(`/appointments/users/${encodeURIComponent(userId)}/appointments`, { query: { timeRange } }),
  );
}

export async function fetchEmployeeAppointments(userId: string, timeRange: TimeRange) {
  return readAppointments(
    await get(`/appointments/employees/${encodeURIComponent(userId)}/appointments`, { query: { timeRange } }),
  );
}

/** Spec: the employee's upcoming count is the appointments that are Scheduled or Confirmed. */
export function countUpcoming(appointments: AppointmentSummary[]): number {
  return appointments.filter((appointment) =>
    ['scheduled', 'confirmed'].includes(appointment.status.toLowerCase()),
  ).length;
}

export function statusTone(status: string): 'green' | 'amber' | 'grey' | 'red' | 'blue' {
  switch (status.toLowerCase()) {
    case 'confirmed':
    case 'completed':
      return 'green';
    case 'pending':
    case 'scheduled':
      return 'amber';
    case 'in progress':
      return 'blue';
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}
