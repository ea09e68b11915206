import { AppError, type Tx } from '@spa/kit';
import { DEFAULT_SAC_CODE, DEFAULT_SERVICE_GST_BP } from '@spa/rules';
import { SYSTEM_ACTOR, type Actor, type Appointment } from '../domain/appointment.js';
import { lockAppointment } from '../db/appointment-locks.repository.js';
import { findAppointmentView } from '../db/appointment-views.repository.js';
import { recordHistory, updateAppointment } from '../db/appointment-writes.repository.js';
import { isUuid } from '../db/pg-errors.js';
import { findUser, serviceTaxOf } from '../db/read-models.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { APPOINTMENT_NOT_FOUND, changeAppointment, commitChange } from './appointment-change.js';
import { changeStatusLocked } from './change-status.js';
import { nowOf, type BookingContext } from './context.js';

/*
 * The visit at the counter: commerce reads an appointment to prefill its sale (GET /internal/visits/:id),
 * and booking follows the sale once it completes (commerce.sale.completed): the visit is checked out,
 * its treatment done, and paid when nothing is owed.
 */

export interface Visit {
  appointmentId: string;
  status: string;
  customer: { id: string; name: string; email: string; phone: string };
  startsAt: string;
  endsAt: string;
  serviceId: string;
  serviceName: string;
  optionLabel: string;
  /** The appointment's total price (treatment and room), tax-inclusive. */
  pricePaise: number;
  sacCode: string;
  gstBp: number;
  employeeId: string | null;
  employeeName: string | null;
  roomNumber: string;
  checkedOutSaleId: string | null;
}

/** GET /internal/visits/:appointmentId: what the counter's sale takes of the appointment. */
export async function visitOf(context: BookingContext, appointmentId: string): Promise<Visit> {
  const view = isUuid(appointmentId) ? await findAppointmentView(context.db, appointmentId) : undefined;
  if (!view) throw new AppError(404, 'APPOINTMENT_NOT_FOUND', APPOINTMENT_NOT_FOUND);
  const tax = await serviceTaxOf(context.db, view.serviceId);
  return {
    appointmentId: view.id,
    status: view.status,
    customer: view.customer,
    startsAt: view.startsAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
    serviceId: view.service.id,
    serviceName: view.service.name,
    optionLabel: view.durationLabel,
    pricePaise: view.totalPricePaise,
    sacCode: tax?.sacCode || DEFAULT_SAC_CODE,
    gstBp: tax?.gstBp ?? DEFAULT_SERVICE_GST_BP,
    employeeId: view.employee?.id ?? null,
    employeeName: view.employee?.name ?? null,
    roomNumber: view.room.roomNumber,
    checkedOutSaleId: view.checkedOutSaleId,
  };
}

/** What booking takes of a completed sale. */
export interface CompletedSale {
  saleId: string;
  appointmentIds: readonly string[];
  balancePaise: number;
  cashierId: string;
  cashierName: string;
}

/**
 * commerce.sale.completed, for each appointment on the sale, in the event's transaction: the sale is
 * recorded on it (and its history), an Arrived or In Progress visit goes through In Progress to
 * Completed by the check-in rules, then its payment status becomes Paid when the sale left nothing
 * owed, each change with booking's usual event. An appointment already checked out (a redelivered
 * event) is left as it is; so is one another sale checked out first (logged: commerce refuses a second
 * sale of one visit). An appointment this database does not know is logged and skipped.
 */
export async function recordCheckout(
  context: BookingContext,
  sale: CompletedSale,
  within: Tx,
): Promise<void> {
  if (!isUuid(sale.saleId)) return;
  const actor = await cashierActor(sale, within);
  for (const appointmentId of new Set(sale.appointmentIds)) {
    if (!isUuid(appointmentId) || !(await lockAppointment(within, appointmentId))) {
      context.logger.warn({ appointmentId, saleId: sale.saleId }, 'checked-out appointment not found');
      continue;
    }
    await changeAppointment(
      context,
      appointmentId,
      (tx, current) => checkOutLocked(context, tx, current, sale, actor),
      within,
    );
  }
}

async function checkOutLocked(
  context: BookingContext,
  tx: Tx,
  current: Appointment,
  sale: CompletedSale,
  actor: Actor,
): Promise<void> {
  if (current.checkedOutSaleId) {
    if (current.checkedOutSaleId !== sale.saleId)
      context.logger.warn(
        { appointmentId: current.id, saleId: sale.saleId, checkedOutSaleId: current.checkedOutSaleId },
        'appointment already checked out by another sale',
      );
    return;
  }
  const at = nowOf(context);
  // Checked out, it is no longer an unpaid online booking waiting to be released.
  await updateAppointment(tx, current.id, {
    checkedOutSaleId: sale.saleId,
    paymentHoldExpiresAt: null,
    updatedAt: at,
  });
  await recordHistory(tx, current.id, actor, at, [
    { field: 'checkout', to: sale.saleId, note: 'Checked out at the counter' },
  ]);
  // The treatment was under way, so the sale ends it: the same steps (and rules) as at the desk.
  if (current.status === 'Arrived') await step(context, tx, current.id, 'In Progress', actor);
  await step(context, tx, current.id, 'Completed', actor);
  // A visit cancelled (or a no-show) while its sale was open keeps its payment status: a Paid
  // cancelled appointment is one whose online payment commerce refunds.
  const lapsed = current.status === 'Cancelled' || current.status === 'No-show';
  if (sale.balancePaise === 0 && !lapsed) await markPaid(context, tx, current.id, sale, actor);
}

/**
 * commerce.sale.balance_paid: the customer paid later what a checked-out visit's sale left owed. Once
 * the sale owes nothing, each appointment that sale checked out becomes Paid (with booking's usual
 * event); a visit cancelled or a no-show keeps its payment status, as at checkout. Idempotent: a Paid
 * appointment is left as it is.
 */
export async function recordBalancePaid(
  context: BookingContext,
  sale: CompletedSale,
  within: Tx,
): Promise<void> {
  if (!isUuid(sale.saleId) || sale.balancePaise !== 0) return;
  const actor = await cashierActor(sale, within);
  for (const appointmentId of new Set(sale.appointmentIds)) {
    if (!isUuid(appointmentId)) continue;
    const current = await lockAppointment(within, appointmentId);
    if (!current || current.checkedOutSaleId !== sale.saleId) continue;
    if (current.status === 'Cancelled' || current.status === 'No-show') continue;
    await markPaid(context, within, appointmentId, sale, actor);
  }
}

/**
 * One check-in step, in a savepoint: a step its rule refuses (an Arrived visit checked out on
 * another day than its own) leaves the status as it is, logged; the checkout stands.
 */
async function step(
  context: BookingContext,
  tx: Tx,
  id: string,
  status: 'In Progress' | 'Completed',
  actor: Actor,
): Promise<void> {
  const current = (await lockAppointment(tx, id))!;
  if (status === 'Completed' && current.status !== 'In Progress') return;
  await tx
    .transaction((savepoint) => changeStatusLocked(context, savepoint, current, status, actor))
    .catch((error: unknown) => {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      context.logger.warn(
        { appointmentId: id, status, code: error.code, message: error.message },
        'checked-out appointment kept its status',
      );
    });
}

async function markPaid(
  context: BookingContext,
  tx: Tx,
  id: string,
  sale: CompletedSale,
  actor: Actor,
): Promise<void> {
  const current = (await lockAppointment(tx, id))!;
  if (current.paymentStatus === 'Paid') return;
  const at = nowOf(context);
  await updateAppointment(tx, id, { paymentStatus: 'Paid', paidAt: current.paidAt ?? at, updatedAt: at });
  await commitChange(context, tx, id, {
    actor,
    at,
    history: [
      {
        field: 'paymentStatus',
        from: current.paymentStatus,
        to: 'Paid',
        note: `Paid at the counter (sale ${sale.saleId})`,
      },
    ],
    event: bookingEvents.paymentStatusChanged,
    extra: { previousPaymentStatus: current.paymentStatus, changedBy: actorMessage(actor) },
  });
}

/** Who checked the sale out, as the appointment's history names them: the cashier, else the service. */
async function cashierActor(sale: CompletedSale, tx: Tx): Promise<Actor> {
  if (!sale.cashierId) return SYSTEM_ACTOR;
  const user = await findUser(tx, sale.cashierId);
  return {
    id: sale.cashierId,
    name: sale.cashierName || user?.name || 'The counter',
    role: user?.role === 'admin' ? 'admin' : 'employee',
  };
}
