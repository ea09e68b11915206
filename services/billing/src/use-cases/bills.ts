import { notFound, unprocessable, type Database } from '@spa/kit';
import { events } from '@spa/proto';
import { findBill, insertBill, lockBill, updateBill as writeBillUpdate } from '../db/bills.repository.js';
import { billChanges } from '../domain/bill-changes.js';
import { parseBillInput, priceBill, type BillInput } from '../domain/bill-input.js';
import { assertBillId, type Actor, type Bill } from '../domain/bill.js';
import { assertBillDateAllowed, assertFinancialYearOpen } from '../domain/bill-dates.js';
import { formatIndianDate, todayInKolkata, type CalendarDate } from '../domain/calendar.js';
import { financialYearBounds, financialYearOf } from '../domain/invoice-number.js';
import { billEventPayload } from '../events/publishes.js';
import type { BillingContext } from './context.js';
import { invoiceSeriesUnconfirmed } from './invoice-series.js';

/** Issues a bill: server-side arithmetic, the next invoice number, the bill and its event in one transaction. */
export async function issueBill(deps: BillingContext, input: BillInput, actor: Actor): Promise<Bill> {
  if (deps.invoiceSeries && !deps.invoiceSeries.confirmed()) throw invoiceSeriesUnconfirmed();
  const now = deps.now?.() ?? new Date();
  const priced = priceBill(parseBillInput(input, now));
  assertBillDateAllowed(priced.date, todayInKolkata(now), deps.config.billDates);
  const bill = await deps.db.transaction(async (tx) => {
    const issued = await insertBill(tx, priced, actor, now);
    await deps.publish(tx, events.billIssued, issued.id, {
      bill: billEventPayload(issued),
      issuedById: actor.id,
    });
    return issued;
  });
  await deps.invoicePdfs.enqueue(bill);
  return bill;
}

/**
 * Saves an edit: same id and invoice number, recomputed totals, the change recorded (who, when, what)
 * and announced. An edit that changes nothing writes nothing.
 */
export async function reviseBill(
  deps: BillingContext,
  id: string,
  input: BillInput,
  actor: Actor,
): Promise<Bill> {
  assertBillId(id);
  const now = deps.now?.() ?? new Date();
  const priced = priceBill(parseBillInput(input, now));
  const { bill, changed } = await deps.db.transaction(async (tx) => {
    const before = await lockBill(tx, id);
    if (!before) throw notFound('Bill not found');
    assertFinancialYearOpen(before.financialYear, before.invoiceNumber, deps.config.billDates);
    assertSameFinancialYear(before, priced.date);
    // Keeping its date is always allowed; a new date must be one a new bill could have today.
    if (priced.date !== before.date)
      assertBillDateAllowed(priced.date, todayInKolkata(now), deps.config.billDates);
    const changes = billChanges(before, priced);
    if (changes.length === 0) return { bill: before, changed: false };
    const after = await writeBillUpdate(tx, before, priced, { actor, changes, now });
    await deps.publish(tx, events.billUpdated, after.id, {
      bill: billEventPayload(after),
      changedFields: changes.map((change) => change.field),
      updatedById: actor.id,
    });
    return { bill: after, changed: true };
  });
  if (changed) await deps.invoicePdfs.enqueue(bill);
  return bill;
}

/** An invoice number belongs to one financial year, so an edit cannot move the bill out of it. */
function assertSameFinancialYear(bill: Bill, date: CalendarDate): void {
  if (financialYearOf(date) === bill.financialYear) return;
  const { start, end } = financialYearBounds(bill.financialYear);
  const message = `Invoice ${bill.invoiceNumber} belongs to financial year ${bill.financialYear}: choose a date from ${formatIndianDate(start)} to ${formatIndianDate(end)}`;
  throw unprocessable(message, [{ field: 'date', message }]);
}

export async function getBill(db: Database, id: string): Promise<Bill> {
  assertBillId(id);
  const bill = await findBill(db, id);
  if (!bill) throw notFound('Bill not found');
  return bill;
}
