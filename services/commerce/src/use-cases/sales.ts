import { randomUUID } from 'node:crypto';
import { AppError, conflict, notFound, type AuthUser, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import {
  claimAppointments,
  findSale,
  insertSale,
  insertTender,
  linesOf,
  listSales as listSaleRows,
  lockSale,
  markLinesReleased,
  onlinePaidForAppointment,
  owingSales,
  productFacts,
  releaseAppointments,
  renewLineReservation,
  replaceLines,
  setReservationStatus,
  tenderSums,
  updateSale as updateSaleRow,
  withDetails,
  type Sale,
  type SaleHeader,
} from '../db/sales.repository.js';
import { markKeysReleased, recordAsked, setReservationKeys } from '../db/sale-reservations.repository.js';
import {
  approvalAfterEdit,
  COUNTER_SERVICE_GST_BP,
  COUNTER_SERVICE_SAC,
  customerOf,
  moneyOf,
  planLines,
  priceLines,
  reservationKeyOf,
  SaleRuleError,
  type CustomerInput,
  type LineInput,
  type SaleLine,
  type SaleStatus,
} from '../domain/sale.js';
import { ReservationRefused } from '../integrations/catalogue-client.js';
import type { Visit } from '../integrations/booking-client.js';
import type { CommerceContext } from './context.js';
import { saleEventPayload } from './sale-events.js';

/** Appointments that never happened are not checked out (their money goes back through booking). */
const UNBILLABLE_STATUSES = new Set(['Cancelled', 'No-show']);

export const saleClosed = (sale: SaleHeader) =>
  new AppError(409, 'SALE_CLOSED', `This sale is ${sale.status}; it can no longer change`);

const saleChanged = () =>
  new AppError(409, 'SALE_CHANGED', 'Someone else changed this sale; reload it and try again');

const alreadyCheckedOut = (saleId: string) =>
  new AppError(409, 'ALREADY_CHECKED_OUT', 'This appointment is already on a sale', [{ saleId }]);

/** The sale's row locked for a change, or 404. */
export async function lockedSale(tx: Tx, saleId: string): Promise<SaleHeader> {
  const sale = await lockSale(tx, saleId);
  if (!sale) throw notFound('Sale not found');
  return sale;
}

export async function getSale(deps: CommerceContext, saleId: string): Promise<Sale> {
  const sale = await findSale(deps.db, saleId);
  if (!sale) throw notFound('Sale not found');
  return sale;
}

function visitLine(visit: Visit): SaleLine {
  const option = visit.optionLabel?.trim();
  return {
    id: randomUUID(),
    kind: 'service',
    itemId: visit.serviceId,
    name: option ? `${visit.serviceName} · ${option}` : visit.serviceName,
    taxCode: visit.sacCode || COUNTER_SERVICE_SAC,
    gstBp: visit.gstBp ?? COUNTER_SERVICE_GST_BP,
    quantity: 1,
    unitPricePaise: visit.pricePaise,
    lineDiscountPaise: 0,
    lineDiscountReason: '',
    saleDiscountSharePaise: 0,
    totalPaise: visit.pricePaise,
    appointmentId: visit.appointmentId,
    employeeId: visit.employeeId || null,
    employeeName: visit.employeeName ?? '',
    roomNumber: visit.roomNumber === null || visit.roomNumber === undefined ? '' : String(visit.roomNumber),
    reservationKey: null,
    reservationStatus: null,
  };
}

/** Booking's view of each appointment, checked: billable, one customer, not checked out yet. */
async function visitsToCheckOut(deps: CommerceContext, appointmentIds: readonly string[]): Promise<Visit[]> {
  const visits = await Promise.all(appointmentIds.map((id) => deps.booking.visit(id)));
  for (const visit of visits) {
    if (visit.checkedOutSaleId) throw alreadyCheckedOut(visit.checkedOutSaleId);
    if (UNBILLABLE_STATUSES.has(visit.status))
      throw new SaleRuleError(
        'APPOINTMENT_NOT_BILLABLE',
        `A ${visit.status.toLowerCase()} appointment is not checked out`,
        'appointmentIds',
      );
  }
  if (new Set(visits.map((visit) => visit.customer.id)).size > 1)
    throw new SaleRuleError(
      'DIFFERENT_CUSTOMERS',
      'One sale checks out one customer’s appointments',
      'appointmentIds',
    );
  return visits;
}

/**
 * POST /counter/sales: a visit's checkout (its treatments prefilled from booking, what was paid online
 * already on it as a tender) or a walk-in. An appointment is on one sale at most: a second desk
 * checking it out is told which sale holds it.
 */
export async function createSale(
  deps: CommerceContext,
  user: AuthUser,
  request: { appointmentIds?: string[]; customer?: CustomerInput },
): Promise<Sale> {
  const appointmentIds = [...new Set(request.appointmentIds ?? [])];
  const saleId = randomUUID();
  let lines: SaleLine[] = [];
  const online: Array<{ appointmentId: string; paymentId: string; amountPaise: number }> = [];
  let customer;
  if (appointmentIds.length > 0) {
    const visits = await visitsToCheckOut(deps, appointmentIds);
    const booked = visits[0]!.customer;
    customer = customerOf({
      id: booked.id,
      name: request.customer?.name ?? booked.name,
      phone: request.customer?.phone ?? booked.phone ?? '',
      email: request.customer?.email ?? booked.email ?? '',
      gstin: request.customer?.gstin,
    });
    lines = priceLines(visits.map(visitLine), 0);
    for (const id of appointmentIds) {
      const paid = await onlinePaidForAppointment(deps.db, id);
      if (paid) online.push({ appointmentId: id, ...paid });
    }
  } else {
    if (!request.customer)
      throw new SaleRuleError(
        'CUSTOMER_REQUIRED',
        'A walk-in sale needs the customer’s name',
        'customer.name',
      );
    customer = customerOf(request.customer);
  }
  const money = moneyOf(lines);
  const paidPaise = online.reduce((total, tender) => total + tender.amountPaise, 0);

  await deps.db.transaction(async (tx) => {
    await insertSale(tx, {
      id: saleId,
      ...customer,
      cashierId: user.id,
      cashierName: user.name,
    });
    if (appointmentIds.length > 0) {
      const holder = await claimAppointments(tx, saleId, appointmentIds);
      if (holder) throw alreadyCheckedOut(holder.saleId);
    }
    await replaceLines(tx, saleId, lines);
    const now = new Date();
    for (const tender of online)
      await insertTender(tx, {
        id: randomUUID(),
        saleId,
        idempotencyKey: `online:${saleId}:${tender.appointmentId}`,
        method: 'online',
        status: 'paid',
        amountPaise: tender.amountPaise,
        reference: tender.paymentId,
        recordedById: user.id,
        paidAt: now,
      });
    await updateSaleRow(tx, saleId, {
      totalPaise: money.totalPaise,
      tipPaise: money.tipPaise,
      discountPaise: money.discountPaise,
      paidPaise,
    });
  });
  return getSale(deps, saleId);
}

export async function listSales(
  deps: CommerceContext,
  filter: { status?: SaleStatus; customerId?: string },
  page: { number: number; size: number },
) {
  const { sales, total } = await listSaleRows(deps.db, filter, {
    limit: page.size,
    offset: (page.number - 1) * page.size,
  });
  return {
    sales: await Promise.all(sales.map((sale) => withDetails(deps.db, sale))),
    page: page.number,
    pages: Math.max(1, Math.ceil(total / page.size)),
    total,
  };
}

export interface SaleEdit {
  version: number;
  lines: LineInput[];
  saleDiscountPaise: number;
  saleDiscountReason: string;
  customer?: CustomerInput;
}

/** Takes stock at the catalogue for new product lines, all or none (what was taken goes back on a refusal). */
async function reserveLines(deps: CommerceContext, lines: readonly SaleLine[]): Promise<void> {
  for (const line of lines) {
    try {
      await deps.catalogue.reserve(line.reservationKey!, [
        { productId: line.itemId!, quantity: line.quantity, unitPricePaise: line.unitPricePaise },
      ]);
    } catch (error) {
      if (error instanceof ReservationRefused) throw error;
      if (error instanceof AppError && error.statusCode < 500) throw error;
      throw new AppError(
        503,
        'CATALOGUE_UNAVAILABLE',
        'Stock could not be reserved just now. Please try again.',
      );
    }
  }
}

/**
 * Puts stock back; a failure is logged, and the key, still `asked` or `releasing` in
 * sale_line_reservations, is released by the sweeper.
 */
export async function releaseLines(deps: CommerceContext, lines: readonly SaleLine[]): Promise<string[]> {
  const released: string[] = [];
  const keys: string[] = [];
  for (const line of lines) {
    if (!line.reservationKey) continue;
    try {
      await deps.catalogue.release(line.reservationKey);
      released.push(line.id);
      keys.push(line.reservationKey);
    } catch (error) {
      deps.logger.warn(
        { err: error, reservationKey: line.reservationKey },
        'a sale line’s stock reservation could not be released',
      );
    }
  }
  await markKeysReleased(deps.db, keys);
  return released;
}

/**
 * PUT /counter/sales/:id: the desk's lines replace the sale's, on the version it last saw. New product
 * lines take their stock before the edit commits (short stock: 409, the sale unchanged); the stock of
 * product lines gone goes back after it commits.
 */
export async function editSale(
  deps: CommerceContext,
  user: AuthUser,
  saleId: string,
  edit: SaleEdit,
): Promise<Sale> {
  const saleDiscountReason = edit.saleDiscountReason.trim();
  if (edit.saleDiscountPaise > 0 && saleDiscountReason === '')
    throw new SaleRuleError('DISCOUNT_REASON_REQUIRED', 'A discount needs a reason', 'saleDiscountReason');
  let toReserve: SaleLine[] = [];
  let toRelease: SaleLine[] = [];
  const replaced: SaleLine[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const sale = await lockedSale(tx, saleId);
      if (sale.status !== 'open') throw saleClosed(sale);
      if (sale.version !== edit.version) throw saleChanged();
      const existing = await linesOf(tx, saleId);
      const productIds = edit.lines
        .filter((line) => line.kind === 'product' && line.itemId)
        .map((line) => line.itemId!);
      const plan = planLines(
        existing,
        edit.lines,
        await productFacts(tx, productIds),
        edit.saleDiscountPaise,
        randomUUID,
      );
      const money = moneyOf(plan.lines);
      const sums = await tenderSums(tx, saleId);
      if (money.totalPaise < sums.paid + sums.pending)
        throw new SaleRuleError(
          'TOTAL_BELOW_PAID',
          'The sale would cost less than has been paid for it; refunds come after checkout',
          'lines',
        );
      const approval = approvalAfterEdit(user.role, deps.config.counterDiscountLimits, money, {
        approval: sale.discountApproval,
        discountPaise: sale.discountPaise,
      });
      // A visit's sale stays its booked customer's: the desk may correct the contact details and GSTIN.
      const visit = existing.some((line) => line.appointmentId !== null && line.kind === 'service');
      const customerId = visit ? sale.customerId : (edit.customer?.id ?? sale.customerId);
      const customer = edit.customer ? customerOf({ ...edit.customer, id: customerId ?? undefined }) : {};
      for (const line of plan.replace) {
        await releaseStrictly(deps, line);
        replaced.push(line);
      }
      await markKeysReleased(
        deps.db,
        plan.replace.map((line) => line.reservationKey!),
      );
      toReserve = plan.reserve;
      const asked = plan.reserve.map((line) => line.reservationKey!);
      // Committed before the catalogue is asked: stock taken for an edit that then fails is found again.
      await recordAsked(deps.db, saleId, asked);
      await reserveLines(deps, plan.reserve);
      await replaceLines(tx, saleId, plan.lines);
      await setReservationKeys(tx, saleId, asked, 'held');
      await setReservationKeys(
        tx,
        saleId,
        plan.release.map((line) => line.reservationKey!),
        'releasing',
      );
      await updateSaleRow(tx, saleId, {
        ...customer,
        saleDiscountPaise: edit.saleDiscountPaise,
        saleDiscountReason: edit.saleDiscountPaise > 0 ? saleDiscountReason : '',
        discountApproval: approval,
        discountApprovedById: approval === 'approved' ? sale.discountApprovedById : null,
        totalPaise: money.totalPaise,
        tipPaise: money.tipPaise,
        discountPaise: money.discountPaise,
      });
      toRelease = plan.release;
    });
  } catch (error) {
    await releaseLines(deps, toReserve);
    await restoreReplaced(deps, saleId, replaced);
    throw error;
  }
  await releaseLines(deps, toRelease);
  return getSale(deps, saleId);
}

async function releaseStrictly(deps: CommerceContext, line: SaleLine): Promise<void> {
  try {
    await deps.catalogue.release(line.reservationKey!);
  } catch {
    throw new AppError(
      503,
      'CATALOGUE_UNAVAILABLE',
      'Stock could not be changed just now. Please try again.',
    );
  }
}

/**
 * An edit refused after a replaced line's stock went back: the line takes its stock again under a
 * fresh key (a released key never reserves again). Should the stock be gone meanwhile, the line is
 * marked released and the sale cannot complete until the desk edits it.
 */
async function restoreReplaced(
  deps: CommerceContext,
  saleId: string,
  lines: readonly SaleLine[],
): Promise<void> {
  for (const line of lines) {
    const id = randomUUID();
    let restored = true;
    await recordAsked(deps.db, saleId, [reservationKeyOf(id)]);
    try {
      await deps.catalogue.reserve(reservationKeyOf(id), [
        { productId: line.itemId!, quantity: line.quantity, unitPricePaise: line.unitPricePaise },
      ]);
    } catch (error) {
      restored = false;
      deps.logger.warn({ err: error, lineId: line.id }, 'a sale line’s stock could not be taken again');
    }
    // A new version: a desk holding the line's old id reloads the sale.
    await deps.db.transaction(async (tx) => {
      await lockedSale(tx, saleId);
      await renewLineReservation(tx, line.id, restored ? id : undefined);
      if (restored) await setReservationKeys(tx, saleId, [reservationKeyOf(id)], 'held');
      await updateSaleRow(tx, saleId, {});
    });
  }
}

/** POST /counter/sales/:id/discount-approval (admin): a discount above the cashier's limit may be checked out. */
export async function approveDiscount(deps: CommerceContext, user: AuthUser, saleId: string): Promise<Sale> {
  await deps.db.transaction(async (tx) => {
    const sale = await lockedSale(tx, saleId);
    if (sale.status !== 'open') throw saleClosed(sale);
    if (sale.discountApproval === 'approved') return;
    if (sale.discountApproval !== 'pending')
      throw new AppError(409, 'NO_DISCOUNT_TO_APPROVE', 'This sale has no discount waiting for approval');
    await updateSaleRow(tx, saleId, { discountApproval: 'approved', discountApprovedById: user.id });
  });
  return getSale(deps, saleId);
}

/**
 * POST /counter/sales/:id/complete: checks the sale out. Product stock reserved for it is taken, the
 * sale is completed and commerce.sale.completed goes out in the same transaction (billing issues the
 * invoice, booking closes the visit). A sale completed already answers as it is and publishes nothing,
 * so a double click or a second desk makes one invoice.
 */
export async function completeSale(deps: CommerceContext, saleId: string, version: number): Promise<Sale> {
  await deps.db.transaction(async (tx) => {
    const sale = await lockedSale(tx, saleId);
    if (sale.status === 'completed') return;
    if (sale.status !== 'open') throw saleClosed(sale);
    if (sale.version !== version) throw saleChanged();
    const lines = await linesOf(tx, saleId);
    if (lines.length === 0)
      throw new SaleRuleError('SALE_EMPTY', 'A sale needs at least one line to check out');
    const sums = await tenderSums(tx, saleId);
    if (sums.pending > 0)
      throw new AppError(
        409,
        'TENDER_PENDING',
        'A payment link is still waiting: check it or cancel it first',
      );
    if (sale.discountApproval === 'pending')
      throw new AppError(
        409,
        'DISCOUNT_NOT_APPROVED',
        'The discount is above your limit: an admin must approve it',
      );
    if (lines.some((line) => line.kind === 'product' && line.reservationStatus !== 'reserved'))
      throw new AppError(
        409,
        'STOCK_NOT_RESERVED',
        'A product’s stock is no longer held: edit its line again',
      );
    const money = moneyOf(lines);
    if (sums.paid > money.totalPaise)
      throw conflict('More was paid than the sale costs; cancel a payment first');
    await setReservationStatus(tx, saleId, 'reserved', 'taken');
    await updateSaleRow(tx, saleId, {
      status: 'completed',
      completedAt: new Date(),
      totalPaise: money.totalPaise,
      tipPaise: money.tipPaise,
      discountPaise: money.discountPaise,
      paidPaise: sums.paid,
    });
    const completed = (await findSale(tx, saleId))!;
    await deps.publish(tx, events.saleCompleted, saleId, { sale: saleEventPayload(completed) });
  });
  return getSale(deps, saleId);
}

/**
 * POST /counter/sales/:id/void: an open sale nobody paid at the counter is dropped. Its appointments
 * may be checked out again and its product stock goes back. Money paid online when booking stays with
 * the appointment's payment (it is not the counter's to keep or give back).
 */
export async function voidSale(deps: CommerceContext, saleId: string): Promise<Sale> {
  const released = await deps.db.transaction(async (tx) => {
    const sale = await lockedSale(tx, saleId);
    if (sale.status === 'voided') return [];
    if (sale.status !== 'open') throw saleClosed(sale);
    const detailed = await withDetails(tx, sale);
    const lines = detailed.lines;
    if (detailed.tenders.some((tender) => tender.status === 'pending'))
      throw new AppError(409, 'TENDER_PENDING', 'A payment link is still waiting: cancel it first');
    if (detailed.tenders.some((tender) => tender.status === 'paid' && tender.method !== 'online'))
      throw new AppError(
        409,
        'SALE_HAS_PAYMENTS',
        'Money was taken for this sale: complete it and refund instead',
      );
    await releaseAppointments(tx, saleId);
    await updateSaleRow(tx, saleId, { status: 'voided', voidedAt: new Date() });
    const reserved = lines.filter((line) => line.reservationStatus === 'reserved');
    await setReservationKeys(
      tx,
      saleId,
      reserved.map((line) => line.reservationKey!),
      'releasing',
    );
    return reserved;
  });
  // Marked released only once the catalogue has the stock back: a line still `reserved` on a voided
  // sale is released by the sweeper (its key is `releasing`).
  if (released.length > 0) await markLinesReleased(deps.db, await releaseLines(deps, released));
  return getSale(deps, saleId);
}

/** GET /counter/balances: what a customer owes from completed sales not paid in full. */
export async function customerBalance(deps: CommerceContext, customerId: string) {
  const sales = await owingSales(deps.db, customerId);
  return {
    customerId,
    balancePaise: sales.reduce((total, sale) => total + sale.balancePaise, 0),
    sales: sales.map((sale) => ({
      id: sale.id,
      completedAt: sale.completedAt,
      balancePaise: sale.balancePaise,
    })),
  };
}
