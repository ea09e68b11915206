import { AppError, assertOwnerOr, notFound, type AuthUser, type Database, type PageRequest } from '@spa/kit';
import type { FastifyRequest } from 'fastify';
import type { AppointmentStatus, TimeRange } from '../domain/appointment.js';
import type { AppointmentView, HistoryEntry } from '../domain/appointment-view.js';
import { fromLocal, toLocal } from '@spa/rules';
import { works } from '../domain/working-time.js';
import { workingTimeOf } from '../db/working-time.repository.js';
import { listForAdmin, listForCustomer, listForEmployee } from '../db/appointment-lists.repository.js';
import { findAppointmentView, historyOf } from '../db/appointment-views.repository.js';
import { isUuid } from '../db/pg-errors.js';
import { findBookableService } from '../db/read-models.repository.js';
import type { UserRow } from '../db/schema.js';
import { freeEmployeesWithRole, slotOf } from './allocate-slot.js';
import { APPOINTMENT_NOT_FOUND, canSee } from './appointment-change.js';
import { nowOf, type BookingContext } from './context.js';

/** One appointment with its change history, for its customer, its employee or an admin. */
export async function getAppointment(
  db: Database,
  id: string,
  user: AuthUser,
): Promise<{ appointment: AppointmentView; history: HistoryEntry[] }> {
  const appointment = isUuid(id) ? await findAppointmentView(db, id) : undefined;
  if (!appointment || !canSee(user, appointment)) throw notFound(APPOINTMENT_NOT_FOUND);
  return { appointment, history: await historyOf(db, id) };
}

/** A customer's own appointments (an admin may read anyone's); to others the list does not exist. */
export async function customerAppointments(
  context: BookingContext,
  request: FastifyRequest,
  userId: string,
  range: TimeRange,
  page: PageRequest,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  assertOwnerOr(request, userId, 'admin');
  return listForCustomer(context.db, userId, range, nowOf(context), page);
}

/** An employee's own appointments (an admin may read anyone's). */
export async function employeeAppointments(
  context: BookingContext,
  request: FastifyRequest,
  userId: string,
  range: TimeRange,
  page: PageRequest,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  assertOwnerOr(request, userId, 'admin');
  return listForEmployee(context.db, userId, range, nowOf(context), page);
}

export interface AdminListQuery {
  search?: string;
  status?: AppointmentStatus;
  startDate?: string;
  endDate?: string;
  page: number;
  pageSize: number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A filter bound: a date (YYYY-MM-DD) is a whole day in the business's time zone, so the end date is
 * inclusive by day; a date-time is taken as the instant it names.
 */
function boundOf(value: string, which: 'start' | 'end', timeZone: string): Date {
  if (!DATE_ONLY.test(value)) return new Date(value);
  const day = Math.floor(Date.parse(`${value}T00:00:00Z`) / 86_400_000);
  return new Date(fromLocal({ day: which === 'start' ? day : day + 1, minute: 0 }, timeZone));
}

function assertDateBound(value: string | undefined, field: string): void {
  if (value === undefined) return;
  const valid = DATE_ONLY.test(value)
    ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    : DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
  if (!valid)
    throw new AppError(400, 'VALIDATION_FAILED', `${field} must be a date (YYYY-MM-DD) or an ISO date-time`, [
      { field, message: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` },
    ]);
}

export async function adminAppointments(context: BookingContext, query: AdminListQuery) {
  const { timeZone } = context.config.rules;
  assertDateBound(query.startDate, 'startDate');
  assertDateBound(query.endDate, 'endDate');
  const from = query.startDate ? boundOf(query.startDate, 'start', timeZone) : undefined;
  const until = query.endDate ? boundOf(query.endDate, 'end', timeZone) : undefined;
  if (from && query.endDate && boundOf(query.endDate, 'start', timeZone) < from)
    throw new AppError(400, 'VALIDATION_FAILED', 'The end date cannot be before the start date', [
      { field: 'endDate', message: 'The end date cannot be before the start date' },
    ]);
  const search = query.search?.replace(/\p{Cc}/gu, '').trim() || undefined;
  return listForAdmin(context.db, {
    search,
    status: query.status,
    from,
    until,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export interface AvailableEmployee {
  employee: UserRow;
  onShift: boolean;
}

/**
 * GET /appointments/:id/available-employees: the employees whose employee role matches the
 * treatment's category and who are free for the whole appointment; those on shift first.
 */
export async function availableEmployees(context: BookingContext, id: string): Promise<AvailableEmployee[]> {
  const appointment = isUuid(id) ? await findAppointmentView(context.db, id) : undefined;
  if (!appointment) throw notFound(APPOINTMENT_NOT_FOUND);
  const { rules } = context.config;
  const service = await findBookableService(context.db, appointment.serviceId);
  const slot = slotOf(
    appointment.startsAt.getTime(),
    appointment.durationMinutes,
    appointment.cleanupMinutes,
  );
  const free = await freeEmployeesWithRole(
    context.db,
    rules,
    service?.assignedEmployeeRole ?? '',
    slot,
    appointment.id,
  );
  const local = toLocal(slot.start.getTime(), rules.timeZone);
  const workingTime = await workingTimeOf(context.db, free, local.day, local.day);
  return free
    .map((employee) => ({
      employee,
      // Working then: their hours cover it and they are not on approved time off.
      onShift: works(
        rules.shifts,
        workingTime.get(employee.id) ?? { shift: employee.shift },
        local.day,
        local.minute,
        local.minute + appointment.durationMinutes,
      ),
    }))
    .sort((a, b) => Number(b.onShift) - Number(a.onShift) || a.employee.name.localeCompare(b.employee.name));
}
