import type { Queryable } from '@spa/kit';
import { asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Appointment } from '../domain/appointment.js';
import type { AppointmentView, HistoryEntry } from '../domain/appointment-view.js';
import type { PricingOption } from '../domain/pricing.js';
import {
  appointmentHistory,
  appointments,
  rooms,
  services,
  users,
  type AppointmentRow,
  type RoomRow,
  type UserRow,
} from './schema.js';

/*
 * An appointment as the API and the events show it (AppointmentView): the row with what it refers to in
 * the read models, read in one joined select, and its history.
 */

export const customerUsers = alias(users, 'customer_user');
export const employeeUsers = alias(users, 'employee_user');

export function toAppointment(row: AppointmentRow): Appointment {
  return row as Appointment;
}

/** What a view takes of the read models beside the appointment (ViewParts): no more is read or mapped. */
const viewColumns = {
  appointment: appointments,
  customer: { name: customerUsers.name, email: customerUsers.email, phone: customerUsers.phone },
  employee: {
    name: employeeUsers.name,
    employeeCode: employeeUsers.employeeCode,
    employeeRole: employeeUsers.employeeRole,
    workingLocation: employeeUsers.workingLocation,
  },
  room: {
    roomNumber: rooms.roomNumber,
    type: rooms.type,
    location: rooms.location,
    capacity: rooms.capacity,
    pricePaise: rooms.pricePaise,
  },
  service: {
    name: services.name,
    description: services.description,
    categoryId: services.categoryId,
    categoryName: services.categoryName,
    pricing: services.pricing,
    sacCode: services.sacCode,
    gstBp: services.gstBp,
  },
};

/** The appointments with what their views take of the read models, and any `extra` columns. */
export function selectViews<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...viewColumns, ...extra })
    .from(appointments)
    .leftJoin(customerUsers, eq(customerUsers.id, appointments.customerId))
    .leftJoin(employeeUsers, eq(employeeUsers.id, appointments.employeeId))
    .leftJoin(rooms, eq(rooms.id, appointments.roomId))
    .leftJoin(services, eq(services.id, appointments.serviceId));
}

/** An appointment row and what it refers to (each null when the read model does not have it). */
export interface ViewParts {
  appointment: AppointmentRow;
  customer: Pick<UserRow, 'name' | 'email' | 'phone'> | null;
  employee: Pick<UserRow, 'name' | 'employeeCode' | 'employeeRole' | 'workingLocation'> | null;
  room: Pick<RoomRow, 'roomNumber' | 'type' | 'location' | 'capacity' | 'pricePaise'> | null;
  service: {
    name: string;
    description: string;
    categoryId: string;
    categoryName: string;
    pricing: PricingOption[];
    sacCode?: string;
    gstBp?: number;
  } | null;
}

export function toView({ appointment, customer, employee, room, service }: ViewParts): AppointmentView {
  const base = toAppointment(appointment);
  return {
    ...base,
    customer: {
      id: base.customerId,
      name: customer?.name ?? base.customerName,
      email: customer?.email ?? base.customerEmail,
      phone: customer?.phone ?? '',
    },
    employee: base.employeeId
      ? {
          id: base.employeeId,
          name: employee?.name ?? 'Former employee',
          employeeCode: employee?.employeeCode ?? '',
          employeeRole: employee?.employeeRole ?? '',
          workingLocation: employee?.workingLocation ?? '',
        }
      : null,
    room: {
      id: base.roomId,
      roomNumber: room?.roomNumber ?? base.roomNumber,
      type: room?.type ?? base.roomType,
      location: room?.location ?? base.roomLocation,
      capacity: room?.capacity ?? '',
      pricePaise: room?.pricePaise ?? null,
    },
    service: {
      id: base.serviceId,
      name: service?.name ?? base.serviceName,
      description: service?.description ?? '',
      categoryId: service?.categoryId ?? '',
      categoryName: service?.categoryName ?? base.categoryName,
      pricing: service?.pricing ?? [],
      ...(service?.sacCode !== undefined ? { sacCode: service.sacCode } : {}),
      ...(service?.gstBp !== undefined ? { gstBp: service.gstBp } : {}),
    },
  };
}

export async function findAppointmentView(db: Queryable, id: string): Promise<AppointmentView | undefined> {
  const [row] = await selectViews(db).where(eq(appointments.id, id));
  return row && toView(row);
}

export async function historyOf(db: Queryable, appointmentId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(appointmentHistory)
    .where(eq(appointmentHistory.appointmentId, appointmentId))
    .orderBy(asc(appointmentHistory.seq));
  return rows.map((row) => ({
    changedAt: row.changedAt,
    field: row.field,
    from: row.fromValue,
    to: row.toValue,
    note: row.note,
    by: { id: row.actorId, name: row.actorName, role: row.actorRole },
  }));
}
