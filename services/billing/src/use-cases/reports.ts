import type { Database } from '@spa/kit';
import {
  noShows,
  revenueByDay,
  revenueByEmployee,
  revenueByProduct,
  revenueByTreatment,
  roomUse,
  therapistUse,
} from '../db/reports.repository.js';
import { BUSINESS_TIME_ZONE } from '../domain/calendar.js';
import {
  daysInRange,
  noShowRate,
  openMinutesPerDay,
  rupees,
  utilisationShare,
  type OpeningHours,
  type ReportRange,
} from '../domain/reports.js';

/**
 * The owner's report for a range of business days: every figure from billing's own bills and its read
 * models of other services' events (never a call to another service). Revenue is what was charged,
 * tax included: an appointment at its list price until a counter sale checks it out, then what the
 * sale says; counter sales net of their refunds; tips shown apart, never as revenue. The queries run in one
 * read-only, repeatable-read transaction, so all sections describe the same moment.
 */
export async function ownerReport(db: Database, openingHours: OpeningHours, range: ReportRange) {
  const figures = await db.transaction(
    async (tx) => ({
      days: await revenueByDay(tx, range),
      treatments: await revenueByTreatment(tx, range),
      products: await revenueByProduct(tx, range),
      employees: await revenueByEmployee(tx, range),
      rooms: await roomUse(tx, range),
      therapists: await therapistUse(tx, range),
      noShows: await noShows(tx, range),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const perDay = openMinutesPerDay(openingHours);
  const availableMinutes = perDay * daysInRange(range);
  const use = (bookedMinutes: number) => ({
    bookedMinutes,
    availableMinutes,
    share: utilisationShare(bookedMinutes, availableMinutes),
  });
  return {
    from: range.from,
    to: range.to,
    timeZone: BUSINESS_TIME_ZONE,
    revenueByDay: figures.days.map((day) => ({
      date: day.date,
      appointments: rupees(day.appointments),
      orders: rupees(day.orders),
      bills: rupees(day.bills),
      sales: rupees(day.sales),
      total: rupees(day.appointments + day.orders + day.bills + day.sales),
      // Given to therapists: collected at the counter, but not the spa's revenue (not in total).
      tips: rupees(day.tips),
    })),
    byTreatment: figures.treatments.map((row) => ({
      serviceId: row.serviceId,
      name: row.name,
      appointments: row.appointments,
      revenue: rupees(row.revenuePaise),
    })),
    byProduct: figures.products.map((row) => ({
      productId: row.productId,
      name: row.name,
      units: row.units,
      revenue: rupees(row.revenuePaise),
    })),
    byEmployee: figures.employees.map((row) => ({
      employeeId: row.employeeId,
      name: row.name,
      appointments: row.appointments,
      appointmentRevenue: rupees(row.appointmentRevenuePaise),
      bills: row.bills,
      billRevenue: rupees(row.billRevenuePaise),
      tips: rupees(row.tipPaise),
    })),
    utilisation: {
      openMinutesPerDay: perDay,
      rooms: figures.rooms.map((room) => ({
        roomId: room.roomId,
        roomNumber: room.roomNumber,
        type: room.type,
        ...use(room.bookedMinutes),
      })),
      therapists: figures.therapists.map((therapist) => ({
        employeeId: therapist.employeeId,
        name: therapist.name,
        ...use(therapist.bookedMinutes),
      })),
    },
    noShows: {
      total: figures.noShows.noShows,
      completed: figures.noShows.completed,
      rate: noShowRate(figures.noShows.noShows, figures.noShows.completed),
      byDay: figures.noShows.byDay,
    },
  };
}
