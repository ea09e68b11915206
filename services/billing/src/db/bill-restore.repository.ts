import { setFromExcluded, type Queryable, type Tx } from '@spa/kit';
import { and, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { RestoredBill } from '../domain/bill-snapshot.js';
import { insertBillLines } from './bills.repository.js';
import { billProductLines, bills, billServiceLines, invoicePdfs } from './schema.js';

/*
 * The queries of the bill recovery at start (use-cases/recover-bills.ts): the bills a database
 * restored from a backup lacks or holds at an older revision are written back from billing's own
 * events.
 */

/** The newest change any bill row records (issue, edit or erasure), or undefined for an empty table. */
export async function newestBillChange(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.select({ newest: max(bills.updatedAt) }).from(bills);
  return row?.newest ?? undefined;
}

/** Of these bills, the ones the table has, and their revision. */
export async function billRevisions(db: Queryable, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bills.id, revision: bills.revision })
    .from(bills)
    .where(inArray(bills.id, ids));
  return new Map(rows.map((row) => [row.id, row.revision]));
}

/**
 * Writes a bill as its newest event showed it: inserted when the row is missing, or replacing a row of
 * an older revision (only then: a row of the same or a newer revision, e.g. one edited since or written
 * by a second replica recovering at once, always wins and nothing is written). Its lines are replaced
 * by the event's, with their ids, and a cached PDF of an older revision is dropped (it may show what an
 * erasure removed since; a download renders the bill anew). Answers whether the bill was written. A bill whose invoice number
 * another bill holds is refused by the unique constraint (the caller skips it).
 */
export async function restoreBillSnapshot(tx: Tx, bill: RestoredBill): Promise<boolean> {
  const written = await tx
    .insert(bills)
    .values({
      id: bill.id,
      invoiceNumber: bill.invoiceNumber,
      financialYear: bill.financialYear,
      invoiceSequence: bill.invoiceSequence,
      name: bill.name,
      phone: bill.phone,
      email: bill.email,
      customerId: bill.customerId,
      gender: bill.gender,
      billDate: bill.date,
      roomNo: bill.roomNo,
      discountPercentBp: bill.discountPercent,
      paymentMethod: bill.paymentMethod,
      advancePaise: bill.advanceAmount,
      subTotalPaise: bill.subTotal,
      discountPaise: bill.discountAmount,
      totalPaise: bill.totalPrice,
      revision: bill.revision,
      createdAt: bill.createdAt,
      updatedAt: bill.updatedAt,
      createdById: bill.createdBy.id,
      createdByName: bill.createdBy.name,
    })
    .onConflictDoUpdate({
      target: bills.id,
      set: setFromExcluded(bills, { keep: ['id'] }),
      setWhere: sql`${bills.revision} < excluded.revision`,
    })
    .returning({ id: bills.id });
  if (written.length === 0) return false;
  await tx
    .delete(invoicePdfs)
    .where(and(eq(invoicePdfs.billId, bill.id), lt(invoicePdfs.billRevision, bill.revision)));
  await tx.delete(billServiceLines).where(eq(billServiceLines.billId, bill.id));
  await tx.delete(billProductLines).where(eq(billProductLines.billId, bill.id));
  await insertBillLines(tx, bill.id, bill, {
    services: bill.services.map((line) => line.id),
    products: bill.products.map((line) => line.id),
  });
  return true;
}
