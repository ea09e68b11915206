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
  reportSaleAppointments,
  reportSaleLines,
  reportSaleRefundLines,
  reportSales,
} from './schema.js';

export type AppointmentState = typeof reportAppointments.$inferInsert;
export type OrderState = typeof reportOrders.$inferInsert;
export type OrderLineState = Omit<typeof reportOrderLines.$inferInsert, 'orderId'>;
export type RoomState = typeof reportRooms.$inferInsert;
export type SaleState = typeof reportSales.$inferInsert;
export type SaleLineState = Omit<typeof reportSaleLines.$inferInsert, 'saleId'>;
export type SaleRefundLineState = typeof reportSaleRefundLines.$inferInsert;

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

/** A completed sale with its lines and the appointments it checked out, written the first time only. */
export async function recordSale(
  tx: Queryable,
  sale: SaleState,
  lines: SaleLineState[],
  appointmentIds: string[],
): Promise<void> {
  const written = await tx
    .insert(reportSales)
    .values(sale)
    .onConflictDoNothing()
    .returning({ id: reportSales.id });
  if (written.length === 0) return;
  if (lines.length > 0)
    await tx.insert(reportSaleLines).values(lines.map((line) => ({ ...line, saleId: sale.id })));
  const appointments = [...new Set(appointmentIds.filter(Boolean))];
  if (appointments.length > 0)
    await tx
      .insert(reportSaleAppointments)
      .values(appointments.map((appointmentId) => ({ saleId: sale.id, appointmentId })));
}

/** The lines of one sale refund (a redelivered refund changes nothing). */
export async function recordSaleRefund(tx: Queryable, lines: SaleRefundLineState[]): Promise<void> {
  if (lines.length > 0) await tx.insert(reportSaleRefundLines).values(lines).onConflictDoNothing();
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

/**
 * The completed appointments starting in the range that count at their list price: those no counter
 * sale checked out. A checked-out visit counts through its sale (what the customer paid, on the day
 * the sale completed), never both ways.
 */
function countedAppointments(range: ReportRange) {
  const { start, end } = bounds(range);
  return sql`${reportAppointments.status} = 'Completed'
    and ${reportAppointments.startsAt} >= ${start} and ${reportAppointments.startsAt} < ${end}
    and not exists (
      select 1 from ${reportSaleAppointments}
      where ${reportSaleAppointments.appointmentId} = ${reportAppointments.id}
    )`;
}

/**
 * Counter sales as movements of money by line: each line of a sale completed in the range on the
 * sale's day, and each part of a line refunded in the range as a negative amount on the refund's day
 * (quantity 0: what was sold stays sold). Columns: day, kind, item_id, name, appointment_id,
 * employee_id, employee_name, quantity, paise, at (the instant, to pick the newest name).
 */
function saleMovements(range: ReportRange) {
  const { start, end } = bounds(range);
  const line = reportSaleLines;
  const refund = reportSaleRefundLines;
  return sql`
    select ${localDay(reportSales.completedAt)} as day, ${line.kind} as kind, ${line.itemId} as item_id,
      ${line.name} as name, ${line.appointmentId} as appointment_id, ${line.employeeId} as employee_id,
      ${line.employeeName} as employee_name, ${line.quantity} as quantity, ${line.totalPaise} as paise,
      ${reportSales.completedAt} as at
    from ${line}
    join ${reportSales} on ${reportSales.id} = ${line.saleId}
    where ${reportSales.completedAt} >= ${start} and ${reportSales.completedAt} < ${end}
    union all
    select ${localDay(refund.refundedAt)}, ${line.kind}, ${line.itemId}, ${line.name}, ${line.appointmentId},
      ${line.employeeId}, ${line.employeeName}, 0, -${refund.amountPaise}, ${refund.refundedAt}
    from ${refund}
    join ${line} on ${line.saleId} = ${refund.saleId} and ${line.lineId} = ${refund.lineId}
    where ${refund.refundedAt} >= ${start} and ${refund.refundedAt} < ${end}`;
}

export type DayRevenueRow = {
  date: string;
  appointments: number;
  orders: number;
  bills: number;
  sales: number;
  tips: number;
};

/**
 * Every day of the range: completed appointments no sale checked out by their start's day, orders by
 * the day they count (revenue_at) less refunds of counted orders by the refund's day, bills by their
 * bill date, and counter sales (tips apart: not revenue) by the day they completed less their refunds
 * by the refund's day.
 */
export async function revenueByDay(db: Queryable, range: ReportRange): Promise<DayRevenueRow[]> {
  const { fromDay, toDay, start, end } = bounds(range);
  const { rows } = await db.execute<{
    date: string;
    appointments: number;
    orders: number;
    refunds: number;
    bills: number;
    sales: number;
    tips: number;
  }>(sql`
    with days as (
      select day::date as day from generate_series(${fromDay}, ${toDay}, interval '1 day') as day
    ),
    appointment_days as (
      select ${localDay(reportAppointments.startsAt)} as day, sum(${reportAppointments.totalPricePaise}) as paise
      from ${reportAppointments}
      where ${countedAppointments(range)}
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
    ),
    sale_moves as (${saleMovements(range)}),
    sale_days as (
      select day,
        sum(paise) filter (where kind <> 'tip') as paise,
        sum(paise) filter (where kind = 'tip') as tips
      from sale_moves
      group by day
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(appointment_days.paise, 0)::bigint as appointments,
      coalesce(order_days.paise, 0)::bigint as orders,
      coalesce(refund_days.paise, 0)::bigint as refunds,
      coalesce(bill_days.paise, 0)::bigint as bills,
      coalesce(sale_days.paise, 0)::bigint as sales,
      coalesce(sale_days.tips, 0)::bigint as tips
    from days
    left join appointment_days on appointment_days.day = days.day
    left join order_days on order_days.day = days.day
    left join refund_days on refund_days.day = days.day
    left join bill_days on bill_days.day = days.day
    left join sale_days on sale_days.day = days.day
    order by days.day`);
  return rows.map((row) => ({
    date: row.date,
    appointments: Number(row.appointments),
    orders: Number(row.orders) - Number(row.refunds),
    bills: Number(row.bills),
    sales: Number(row.sales),
    tips: Number(row.tips),
  }));
}

export type TreatmentRow = {
  serviceId: string;
  name: string;
  appointments: number;
  revenuePaise: number;
};

/**
 * Treatments, revenue first: completed appointments no sale checked out (start day in the range, at
 * their list price) and the treatment lines of counter sales (what was paid, on the sale's day, less
 * refunds of them on the refund's day). A visit's line is named as booking names the treatment.
 */
export async function revenueByTreatment(db: Queryable, range: ReportRange): Promise<TreatmentRow[]> {
  const { rows } = await db.execute<TreatmentRow>(sql`
    with sale_moves as (${saleMovements(range)}),
    treatments as (
      select ${reportAppointments.serviceId} as service_id, ${reportAppointments.serviceName} as name,
        ${reportAppointments.updatedAt} as at, 1 as appointments, ${reportAppointments.totalPricePaise} as paise
      from ${reportAppointments}
      where ${countedAppointments(range)}
      union all
      select coalesce(nullif(sale_moves.item_id, ''), ${reportAppointments.serviceId}, ''),
        coalesce(${reportAppointments.serviceName}, sale_moves.name), sale_moves.at, sale_moves.quantity,
        sale_moves.paise
      from sale_moves
      left join ${reportAppointments} on ${reportAppointments.id} = sale_moves.appointment_id
      where sale_moves.kind = 'service'
    )
    select service_id as "serviceId",
      (array_agg(name order by at desc))[1] as name,
      sum(appointments)::int as appointments,
      sum(paise)::bigint as "revenuePaise"
    from treatments
    group by service_id
    order by "revenuePaise" desc, name, "serviceId"`);
  return rows.map((row) => ({ ...row, revenuePaise: Number(row.revenuePaise) }));
}

export type ProductRow = {
  productId: string;
  name: string;
  units: number;
  revenuePaise: number;
};

/**
 * Products, revenue first: the lines of the orders that count as revenue in the range (by the day
 * they count) and the product lines of counter sales (by the sale's day, less refunds of them by the
 * refund's day; units are those sold).
 */
export async function revenueByProduct(db: Queryable, range: ReportRange): Promise<ProductRow[]> {
  const { start, end } = bounds(range);
  const { rows } = await db.execute<ProductRow>(sql`
    with sale_moves as (${saleMovements(range)}),
    sold as (
      select ${reportOrderLines.productId} as product_id, ${reportOrderLines.productName} as name,
        ${reportOrders.revenueAt} as at, ${reportOrderLines.quantity} as units,
        ${reportOrderLines.lineTotalPaise} as paise
      from ${reportOrderLines}
      join ${reportOrders} on ${reportOrders.id} = ${reportOrderLines.orderId}
      where ${reportOrders.revenueAt} >= ${start} and ${reportOrders.revenueAt} < ${end}
      union all
      select item_id, name, at, quantity, paise from sale_moves where kind = 'product'
    )
    select product_id as "productId",
      (array_agg(name order by at desc))[1] as name,
      sum(units)::int as units,
      sum(paise)::bigint as "revenuePaise"
    from sold
    group by product_id
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
  tipPaise: number;
};

/**
 * Every employee (identity's, not deleted), and everyone with figures in the range: their treatments
 * (completed appointments no sale checked out, and the treatment lines of counter sales less their
 * refunds, as revenueByTreatment counts them), the bills they issued, and the tips they were given at
 * the counter (less tips refunded; not revenue). A treatment without an employee counts under ''.
 */
export async function revenueByEmployee(db: Queryable, range: ReportRange): Promise<EmployeeRow[]> {
  const { fromDay, toDay } = bounds(range);
  const { rows } = await db.execute<EmployeeRow>(sql`
    with sale_moves as (${saleMovements(range)}),
    treatments as (
      select ${reportAppointments.employeeId} as id, ${reportAppointments.employeeName} as name,
        ${reportAppointments.updatedAt} as at, 1 as appointments, ${reportAppointments.totalPricePaise} as paise
      from ${reportAppointments}
      where ${countedAppointments(range)}
      union all
      select employee_id, employee_name, at, quantity, paise from sale_moves where kind = 'service'
    ),
    appointment_totals as (
      select id, (array_agg(name order by at desc))[1] as name,
        sum(appointments)::int as appointments, sum(paise) as paise
      from treatments
      group by id
    ),
    tip_totals as (
      select employee_id as id, (array_agg(employee_name order by at desc))[1] as name, sum(paise) as paise
      from sale_moves
      where kind = 'tip'
      group by employee_id
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
      union select id from tip_totals
    )
    select everyone.id as "employeeId",
      case when everyone.id = '' then 'Unassigned'
        else coalesce(nullif(${reportEmployees.name}, ''), nullif(appointment_totals.name, ''),
          nullif(tip_totals.name, ''), bill_totals.name, '') end as name,
      coalesce(appointment_totals.appointments, 0) as appointments,
      coalesce(appointment_totals.paise, 0)::bigint as "appointmentRevenuePaise",
      coalesce(bill_totals.bills, 0) as bills,
      coalesce(bill_totals.paise, 0)::bigint as "billRevenuePaise",
      coalesce(tip_totals.paise, 0)::bigint as "tipPaise"
    from everyone
    left join ${reportEmployees} on ${reportEmployees.id} = everyone.id
    left join appointment_totals on appointment_totals.id = everyone.id
    left join bill_totals on bill_totals.id = everyone.id
    left join tip_totals on tip_totals.id = everyone.id
    order by coalesce(appointment_totals.paise, 0) + coalesce(bill_totals.paise, 0) desc,
      everyone.id = '', name, everyone.id`);
  return rows.map((row) => ({
    ...row,
    appointmentRevenuePaise: Number(row.appointmentRevenuePaise),
    billRevenuePaise: Number(row.billRevenuePaise),
    tipPaise: Number(row.tipPaise),
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
