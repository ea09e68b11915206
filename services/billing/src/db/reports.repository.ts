import type { Queryable } from '@spa/kit';
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../domain/calendar.js';
import type { ReportRange } from '../domain/reports.js';
import {
  reportAppointments,
  reportEmployees,
  reportOrderLines,
  reportOrderRefunds,
  reportOrders,
  reportRooms,
} from './schema.js';

export type AppointmentState = typeof reportAppointments.$inferInsert;
export type OrderState = typeof reportOrders.$inferInsert;
export type OrderLineState = Omit<typeof reportOrderLines.$inferInsert, 'orderId'>;
export type RoomState = typeof reportRooms.$inferInsert;

/*
 * The read models. Each upsert keeps the newest copy: a replayed or late older event (same key, older
 * source time) leaves the row as it is. Deletions are flags, so past figures keep their names.
 */

export async function upsertAppointment(tx: Queryable, state: AppointmentState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(reportAppointments)
    .values(state)
    .onConflictDoUpdate({
      target: reportAppointments.id,
      set: rest,
      setWhere: sql`${reportAppointments.updatedAt} <= excluded.updated_at`,
    });
}

/** Writes the order and, when this event was the newest word on it, its lines. */
export async function upsertOrder(tx: Queryable, state: OrderState, lines: OrderLineState[]): Promise<void> {
  const { id: _id, ...rest } = state;
  const written = await tx
    .insert(reportOrders)
    .values(state)
    .onConflictDoUpdate({
      target: reportOrders.id,
      set: rest,
      setWhere: sql`${reportOrders.sourceUpdatedAt} <= excluded.source_updated_at`,
    })
    .returning({ id: reportOrders.id });
  if (written.length === 0) return;
  await tx.delete(reportOrderLines).where(eq(reportOrderLines.orderId, state.id));
  if (lines.length > 0)
    await tx.insert(reportOrderLines).values(lines.map((line) => ({ ...line, orderId: state.id })));
}

export async function recordOrderRefund(
  tx: Queryable,
  refund: typeof reportOrderRefunds.$inferInsert,
): Promise<void> {
  await tx.insert(reportOrderRefunds).values(refund).onConflictDoNothing();
}

export async function upsertRoom(tx: Queryable, state: RoomState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(reportRooms)
    .values(state)
    .onConflictDoUpdate({
      target: reportRooms.id,
      set: { ...rest, deleted: false },
      setWhere: sql`${reportRooms.sourceUpdatedAt} <= excluded.source_updated_at`,
    });
}

export async function markRoomDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(reportRooms).set({ deleted: true }).where(eq(reportRooms.id, id));
}

/** An employee (added or updated). */
export async function upsertEmployee(
  tx: Queryable,
  state: { id: string; name: string; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(reportEmployees)
    .values({ ...state, role: 'employee' })
    .onConflictDoUpdate({
      target: reportEmployees.id,
      set: { name: state.name, role: 'employee', deleted: false, updatedAt: state.updatedAt },
      setWhere: sql`${reportEmployees.updatedAt} <= excluded.updated_at`,
    });
}

/** Someone who is not (or no longer) an employee: a former employee's row keeps the name, loses the role. */
export async function demoteEmployee(
  tx: Queryable,
  state: { id: string; role: string; updatedAt: Date },
): Promise<void> {
  await tx
    .update(reportEmployees)
    .set({ role: state.role, updatedAt: state.updatedAt })
    .where(and(eq(reportEmployees.id, state.id), sql`${reportEmployees.updatedAt} <= ${state.updatedAt}`));
}

export async function markEmployeeDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(reportEmployees).set({ deleted: true }).where(eq(reportEmployees.id, id));
}

/* ---------------------------------------------------------------------------------------------------
 * The report's figures, summed by Postgres. Money in integer paise, times in minutes. Days are
 * business days in Asia/Kolkata: an instant's day is `(instant at time zone 'Asia/Kolkata')::date`,
 * and the range runs from `from` 00:00 to the midnight after `to`, local time.
 * ------------------------------------------------------------------------------------------------- */

const tz = BUSINESS_TIME_ZONE;

/** The range's instants and days as SQL fragments. */
function bounds(range: ReportRange) {
  const fromDay = sql`${range.from}::date`;
  const toDay = sql`${range.to}::date`;
  const start = sql`(${range.from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${range.to}::date + 1)::timestamp at time zone ${tz})`;
  return { fromDay, toDay, start, end };
}

const localDay = (column: AnyColumn) => sql`(${column} at time zone ${tz})::date`;

export type DayRevenueRow = {
  date: string;
  appointments: number;
  orders: number;
  bills: number;
};

/**
 * Every day of the range: completed appointments by their start's day, orders by the day they count
 * (revenue_at) less refunds of counted orders by the refund's day, and bills by their bill date.
 */
export async function revenueByDay(db: Queryable, range: ReportRange): Promise<DayRevenueRow[]> {
  const { fromDay, toDay, start, end } = bounds(range);
  const { rows } = await db.execute<{
    date: string;
    appointments: number;
    orders: number;
    refunds: number;
    bills: number;
  }>(sql`
    with days as (
      select day::date as day from generate_series(${fromDay}, ${toDay}, interval '1 day') as day
    ),
    appointment_days as (
      select ${localDay(reportAppointments.startsAt)} as day, sum(${reportAppointments.totalPricePaise}) as paise
      from ${reportAppointments}
      where ${reportAppointments.status} = 'Completed'
        and ${reportAppointments.startsAt} >= ${start} and ${reportAppointments.startsAt} < ${end}
      group by 1
    ),
    order_days as (
      select ${localDay(reportOrders.revenueAt)} as day, sum(${reportOrders.totalPricePaise}) as paise
      from ${reportOrders}
      where ${reportOrders.revenueAt} >= ${start} and ${reportOrders.revenueAt} < ${end}
      group by 1
    ),
    refund_days as (
      select ${localDay(reportOrderRefunds.refundedAt)} as day, sum(${reportOrderRefunds.amountPaise}) as paise
      from ${reportOrderRefunds}
      join ${reportOrders} on ${reportOrders.id} = ${reportOrderRefunds.orderId}
      where ${reportOrders.revenueAt} is not null
        and ${reportOrderRefunds.refundedAt} >= ${start} and ${reportOrderRefunds.refundedAt} < ${end}
      group by 1
    ),
    bill_days as (
      select bill_date as day, sum(total_paise) as paise
      from bills
      where bill_date between ${fromDay} and ${toDay}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(appointment_days.paise, 0)::bigint as appointments,
      coalesce(order_days.paise, 0)::bigint as orders,
      coalesce(refund_days.paise, 0)::bigint as refunds,
      coalesce(bill_days.paise, 0)::bigint as bills
    from days
    left join appointment_days on appointment_days.day = days.day
    left join order_days on order_days.day = days.day
    left join refund_days on refund_days.day = days.day
    left join bill_days on bill_days.day = days.day
    order by days.day`);
  return rows.map((row) => ({
    date: row.date,
    appointments: Number(row.appointments),
    orders: Number(row.orders) - Number(row.refunds),
    bills: Number(row.bills),
  }));
}

export type TreatmentRow = {
  serviceId: string;
  name: string;
  appointments: number;
  revenuePaise: number;
};

/** Completed appointments by treatment (start day in the range), revenue first. */
export async function revenueByTreatment(db: Queryable, range: ReportRange): Promise<TreatmentRow[]> {
  const { start, end } = bounds(range);
  const { rows } = await db.execute<TreatmentRow>(sql`
    select ${reportAppointments.serviceId} as "serviceId",
      (array_agg(${reportAppointments.serviceName} order by ${reportAppointments.updatedAt} desc))[1] as name,
      count(*)::int as appointments,
      sum(${reportAppointments.totalPricePaise})::bigint as "revenuePaise"
    from ${reportAppointments}
    where ${reportAppointments.status} = 'Completed'
      and ${reportAppointments.startsAt} >= ${start} and ${reportAppointments.startsAt} < ${end}
    group by ${reportAppointments.serviceId}
    order by "revenuePaise" desc, name, "serviceId"`);
  return rows.map((row) => ({ ...row, revenuePaise: Number(row.revenuePaise) }));
}

export type ProductRow = {
  productId: string;
  name: string;
  units: number;
  revenuePaise: number;
};

/** The lines of the orders that count as revenue in the range (by the day they count), revenue first. */
export async function revenueByProduct(db: Queryable, range: ReportRange): Promise<ProductRow[]> {
  const { start, end } = bounds(range);
  const { rows } = await db.execute<ProductRow>(sql`
    select ${reportOrderLines.productId} as "productId",
      (array_agg(${reportOrderLines.productName} order by ${reportOrders.revenueAt} desc))[1] as name,
      sum(${reportOrderLines.quantity})::int as units,
      sum(${reportOrderLines.lineTotalPaise})::bigint as "revenuePaise"
    from ${reportOrderLines}
    join ${reportOrders} on ${reportOrders.id} = ${reportOrderLines.orderId}
    where ${reportOrders.revenueAt} >= ${start} and ${reportOrders.revenueAt} < ${end}
    group by ${reportOrderLines.productId}
    order by "revenuePaise" desc, name, "productId"`);
  return rows.map((row) => ({ ...row, revenuePaise: Number(row.revenuePaise) }));
}

export type EmployeeRow = {
  employeeId: string;
  name: string;
  appointments: number;
  appointmentRevenuePaise: number;
  bills: number;
  billRevenuePaise: number;
};

/**
 * Every employee (identity's, not deleted), every employee of a completed appointment in the range and
 * every staff member who issued a bill in the range: their completed appointments and bills. An
 * appointment without an employee counts under employee id ''.
 */
export async function revenueByEmployee(db: Queryable, range: ReportRange): Promise<EmployeeRow[]> {
  const { fromDay, toDay, start, end } = bounds(range);
  const { rows } = await db.execute<EmployeeRow>(sql`
    with appointment_totals as (
      select ${reportAppointments.employeeId} as id,
        (array_agg(${reportAppointments.employeeName} order by ${reportAppointments.updatedAt} desc))[1] as name,
        count(*)::int as appointments,
        sum(${reportAppointments.totalPricePaise}) as paise
      from ${reportAppointments}
      where ${reportAppointments.status} = 'Completed'
        and ${reportAppointments.startsAt} >= ${start} and ${reportAppointments.startsAt} < ${end}
      group by ${reportAppointments.employeeId}
    ),
    bill_totals as (
      select created_by_id as id,
        (array_agg(created_by_name order by created_at desc))[1] as name,
        count(*)::int as bills,
        sum(total_paise) as paise
      from bills
      where bill_date between ${fromDay} and ${toDay}
      group by created_by_id
    ),
    staff as (
      select ${reportEmployees.id} as id from ${reportEmployees}
      where ${reportEmployees.role} = 'employee' and not ${reportEmployees.deleted}
    ),
    everyone as (
      select id from staff union select id from appointment_totals union select id from bill_totals
    )
    select everyone.id as "employeeId",
      case when everyone.id = '' then 'Unassigned'
        else coalesce(nullif(${reportEmployees.name}, ''), appointment_totals.name, bill_totals.name, '') end as name,
      coalesce(appointment_totals.appointments, 0) as appointments,
      coalesce(appointment_totals.paise, 0)::bigint as "appointmentRevenuePaise",
      coalesce(bill_totals.bills, 0) as bills,
      coalesce(bill_totals.paise, 0)::bigint as "billRevenuePaise"
    from everyone
    left join ${reportEmployees} on ${reportEmployees.id} = everyone.id
    left join appointment_totals on appointment_totals.id = everyone.id
    left join bill_totals on bill_totals.id = everyone.id
    order by coalesce(appointment_totals.paise, 0) + coalesce(bill_totals.paise, 0) desc,
      everyone.id = '', name, everyone.id`);
  return rows.map((row) => ({
    ...row,
    appointmentRevenuePaise: Number(row.appointmentRevenuePaise),
    billRevenuePaise: Number(row.billRevenuePaise),
  }));
}

/**
 * The minutes of every appointment not cancelled inside the range (a No-show's end is its mark),
 * clipped to the range. Appointments last hours at most, so one starting the day before the range is
 * the earliest that can reach into it (which keeps the start-time index in use).
 */
function bookedMinutesBy(column: AnyColumn, range: ReportRange) {
  const { start, end } = bounds(range);
  return sql`
    select ${column} as id,
      (array_agg(${reportAppointments.roomNumber} order by ${reportAppointments.updatedAt} desc))[1] as room_number,
      (array_agg(${reportAppointments.roomType} order by ${reportAppointments.updatedAt} desc))[1] as room_type,
      (array_agg(${reportAppointments.employeeName} order by ${reportAppointments.updatedAt} desc))[1] as employee_name,
      sum(greatest(0, extract(epoch from (
        least(${reportAppointments.endsAt}, ${end}) - greatest(${reportAppointments.startsAt}, ${start})
      )) / 60))::bigint as minutes
    from ${reportAppointments}
    where ${reportAppointments.status} <> 'Cancelled'
      and ${reportAppointments.startsAt} >= ${start} - interval '1 day'
      and ${reportAppointments.startsAt} < ${end}
      and ${reportAppointments.endsAt} > ${start}
      and ${column} <> ''
    group by ${column}`;
}

export type RoomUseRow = {
  roomId: string;
  roomNumber: string;
  type: string;
  bookedMinutes: number;
};

/** Every room (not deleted) and every room booked in the range, with its booked minutes. */
export async function roomUse(db: Queryable, range: ReportRange): Promise<RoomUseRow[]> {
  const { rows } = await db.execute<RoomUseRow>(sql`
    with booked as (${bookedMinutesBy(reportAppointments.roomId, range)}),
    rooms as (
      select ${reportRooms.id} as id from ${reportRooms} where not ${reportRooms.deleted}
      union select id from booked
    )
    select rooms.id as "roomId",
      coalesce(${reportRooms.roomNumber}, booked.room_number, '') as "roomNumber",
      coalesce(${reportRooms.type}, booked.room_type, '') as type,
      coalesce(booked.minutes, 0)::bigint as "bookedMinutes"
    from rooms
    left join ${reportRooms} on ${reportRooms.id} = rooms.id
    left join booked on booked.id = rooms.id
    order by "roomNumber", rooms.id`);
  return rows.map((row) => ({ ...row, bookedMinutes: Number(row.bookedMinutes) }));
}

export type TherapistUseRow = {
  employeeId: string;
  name: string;
  bookedMinutes: number;
};

/** Every employee (not deleted) and every employee booked in the range, with their booked minutes. */
export async function therapistUse(db: Queryable, range: ReportRange): Promise<TherapistUseRow[]> {
  const { rows } = await db.execute<TherapistUseRow>(sql`
    with booked as (${bookedMinutesBy(reportAppointments.employeeId, range)}),
    therapists as (
      select ${reportEmployees.id} as id from ${reportEmployees}
      where ${reportEmployees.role} = 'employee' and not ${reportEmployees.deleted}
      union select id from booked
    )
    select therapists.id as "employeeId",
      coalesce(nullif(${reportEmployees.name}, ''), booked.employee_name, '') as name,
      coalesce(booked.minutes, 0)::bigint as "bookedMinutes"
    from therapists
    left join ${reportEmployees} on ${reportEmployees.id} = therapists.id
    left join booked on booked.id = therapists.id
    order by name, therapists.id`);
  return rows.map((row) => ({ ...row, bookedMinutes: Number(row.bookedMinutes) }));
}

export type NoShowRows = {
  noShows: number;
  completed: number;
  byDay: Array<{ date: string; count: number }>;
};

/** No-shows and completed appointments by their start's day; every day of the range. */
export async function noShows(db: Queryable, range: ReportRange): Promise<NoShowRows> {
  const { fromDay, toDay, start, end } = bounds(range);
  const { rows } = await db.execute<{
    date: string;
    no_shows: number;
    total_no_shows: number;
    total_completed: number;
  }>(sql`
    with days as (
      select day::date as day from generate_series(${fromDay}, ${toDay}, interval '1 day') as day
    ),
    counted as (
      select ${localDay(reportAppointments.startsAt)} as day,
        count(*) filter (where ${reportAppointments.status} = 'No-show') as no_shows,
        count(*) filter (where ${reportAppointments.status} = 'Completed') as completed
      from ${reportAppointments}
      where ${reportAppointments.status} in ('No-show', 'Completed')
        and ${reportAppointments.startsAt} >= ${start} and ${reportAppointments.startsAt} < ${end}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(counted.no_shows, 0)::int as no_shows,
      (sum(coalesce(counted.no_shows, 0)) over ())::int as total_no_shows,
      (sum(coalesce(counted.completed, 0)) over ())::int as total_completed
    from days left join counted on counted.day = days.day
    order by days.day`);
  return {
    noShows: Number(rows[0]?.total_no_shows ?? 0),
    completed: Number(rows[0]?.total_completed ?? 0),
    byDay: rows.map((row) => ({ date: row.date, count: Number(row.no_shows) })),
  };
}
