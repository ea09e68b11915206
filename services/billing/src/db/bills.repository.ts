import { randomUUID } from 'node:crypto';
import type { Queryable, Tx } from '@spa/kit';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PricedBill } from '../domain/bill-input.js';
import type { Actor, Bill, BillChange, FieldChange } from '../domain/bill.js';
import { BUSINESS_TIME_ZONE, type CalendarDate } from '../domain/calendar.js';
import { financialYearOf, formatInvoiceNumber } from '../domain/invoice-number.js';
import { billHistory, billProductLines, bills, billServiceLines, invoiceCounters } from './schema.js';

type BillRow = typeof bills.$inferSelect;
type ServiceRow = typeof billServiceLines.$inferSelect;
type ProductRow = typeof billProductLines.$inferSelect;

function toBill(row: BillRow, services: ServiceRow[], products: ProductRow[]): Bill {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    financialYear: row.financialYear,
    name: row.name,
    phone: row.phone,
    email: row.email,
    customerId: row.customerId,
    gender: row.gender as Bill['gender'],
    date: row.billDate,
    roomNo: row.roomNo,
    discountPercent: row.discountPercentBp,
    paymentMethod: row.paymentMethod as Bill['paymentMethod'],
    advanceAmount: row.advancePaise,
    services: services.map((line) => ({
      id: line.id,
      serviceName: line.serviceName,
      duration: line.duration as Bill['services'][number]['duration'],
      staffAssigned: line.staffAssigned,
      price: line.pricePaise,
      gst: line.gstBp,
      discount: line.discountBp,
      total: line.totalPaise,
    })),
    products: products.map((line) => ({
      id: line.id,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPricePaise,
      gst: line.gstBp,
      discount: line.discountBp,
      total: line.totalPaise,
    })),
    subTotal: row.subTotalPaise,
    discountAmount: row.discountPaise,
    totalPrice: row.totalPaise,
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: { id: row.createdById, name: row.createdByName },
  };
}

/** Loads the lines of the given bills and assembles them, in the order of the rows. */
async function withLines(db: Queryable, rows: BillRow[]): Promise<Bill[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [services, products] = await Promise.all([
    db
      .select()
      .from(billServiceLines)
      .where(inArray(billServiceLines.billId, ids))
      .orderBy(asc(billServiceLines.position)),
    db
      .select()
      .from(billProductLines)
      .where(inArray(billProductLines.billId, ids))
      .orderBy(asc(billProductLines.position)),
  ]);
  return rows.map((row) =>
    toBill(
      row,
      services.filter((line) => line.billId === row.id),
      products.filter((line) => line.billId === row.id),
    ),
  );
}

/**
 * The next invoice sequence of a financial year. The upsert takes the counter row's lock and holds it
 * until the caller's transaction ends, so concurrent bills of one year queue here and each sees the
 * previous one's number; a transaction that rolls back also rolls back its increment, so no number
 * is ever skipped.
 */
async function takeInvoiceSequence(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence });
  return row!.sequence;
}

/** Line ids a client sent are kept when they belong to this bill (and appear once); others get new ones. */
function lineIds(lines: { id?: string }[], known: Set<string>): string[] {
  const used = new Set<string>();
  return lines.map((line) => {
    const id = line.id && known.has(line.id) && !used.has(line.id) ? line.id : randomUUID();
    used.add(id);
    return id;
  });
}

async function insertLines(tx: Tx, billId: string, bill: PricedBill, knownIds: Set<string>): Promise<void> {
  await insertBillLines(tx, billId, bill, {
    services: lineIds(bill.services, knownIds),
    products: lineIds(bill.products, knownIds),
  });
}

/** A bill's lines as the table keeps them: what an issued, edited or restored bill writes. */
type BillLines = Pick<PricedBill, 'services' | 'products'>;

/**
 * Writes a bill's lines in their order, each under the id given for its position (`ids.services[i]`
 * for the i-th treatment line): an issued or edited bill's (lineIds) and a restored one's (its own).
 */
export async function insertBillLines(
  tx: Tx,
  billId: string,
  bill: BillLines,
  ids: { services: readonly string[]; products: readonly string[] },
): Promise<void> {
  if (bill.services.length > 0) {
    await tx.insert(billServiceLines).values(
      bill.services.map((line, position) => ({
        id: ids.services[position]!,
        billId,
        position,
        serviceName: line.serviceName,
        duration: line.duration,
        staffAssigned: line.staffAssigned,
        pricePaise: line.price,
        gstBp: line.gst,
        discountBp: line.discount,
        totalPaise: line.total,
      })),
    );
  }
  if (bill.products.length > 0) {
    await tx.insert(billProductLines).values(
      bill.products.map((line, position) => ({
        id: ids.products[position]!,
        billId,
        position,
        productName: line.productName,
        quantity: line.quantity,
        unitPricePaise: line.unitPrice,
        gstBp: line.gst,
        discountBp: line.discount,
        totalPaise: line.total,
      })),
    );
  }
}

function billColumns(bill: PricedBill) {
  return {
    name: bill.name,
    phone: bill.phone,
    email: bill.email,
    customerId: bill.customerId,
    gender: bill.gender,
    billDate: bill.date,
    roomNo: bill.roomNo,
    discountPercentBp: bill.discountPercent,
    paymentMethod: bill.paymentMethod,
    advancePaise: bill.totals.advance,
    subTotalPaise: bill.totals.subTotal,
    discountPaise: bill.totals.discountAmount,
    totalPaise: bill.totals.totalPrice,
  };
}

/** Issues a bill: takes its invoice number and writes it with its lines, all in the caller's transaction. */
export async function insertBill(tx: Tx, bill: PricedBill, actor: Actor, now: Date): Promise<Bill> {
  const financialYear = financialYearOf(bill.date);
  const sequence = await takeInvoiceSequence(tx, financialYear);
  const id = randomUUID();
  const [row] = await tx
    .insert(bills)
    .values({
      id,
      invoiceNumber: formatInvoiceNumber(financialYear, sequence),
      financialYear,
      invoiceSequence: sequence,
      ...billColumns(bill),
      revision: 1,
      createdAt: now,
      updatedAt: now,
      createdById: actor.id,
      createdByName: actor.name,
    })
    .returning();
  await insertLines(tx, id, bill, new Set());
  return (await withLines(tx, [row!]))[0]!;
}

/** Reads a bill and locks it for the rest of the transaction, so concurrent edits apply one at a time. */
export async function lockBill(tx: Tx, id: string): Promise<Bill | undefined> {
  const [row] = await tx.select().from(bills).where(eq(bills.id, id)).for('no key update');
  return row ? (await withLines(tx, [row]))[0] : undefined;
}

/** Replaces a bill's content (same id and invoice number), its lines and records the change. */
export async function updateBill(
  tx: Tx,
  before: Bill,
  bill: PricedBill,
  change: { actor: Actor; changes: FieldChange[]; now: Date },
): Promise<Bill> {
  const revision = before.revision + 1;
  const [row] = await tx
    .update(bills)
    .set({ ...billColumns(bill), revision, updatedAt: change.now })
    .where(eq(bills.id, before.id))
    .returning();
  const knownIds = new Set([...before.services, ...before.products].map((line) => line.id));
  await tx.delete(billServiceLines).where(eq(billServiceLines.billId, before.id));
  await tx.delete(billProductLines).where(eq(billProductLines.billId, before.id));
  await insertLines(tx, before.id, bill, knownIds);
  await recordBillChange(tx, before.id, {
    revision,
    changedAt: change.now,
    changedBy: change.actor,
    changes: change.changes,
  });
  return (await withLines(tx, [row!]))[0]!;
}

/** Records a change of a bill in its history: the revision it produced, who, when and what. */
export async function recordBillChange(tx: Tx, billId: string, change: BillChange): Promise<void> {
  await tx.insert(billHistory).values({
    billId,
    revision: change.revision,
    changedAt: change.changedAt,
    changedById: change.changedBy.id,
    changedByName: change.changedBy.name,
    changedByRole: change.changedBy.role,
    changes: change.changes,
  });
}

export async function findBill(db: Queryable, id: string): Promise<Bill | undefined> {
  const [row] = await db.select().from(bills).where(eq(bills.id, id));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

export async function findBillHistory(db: Queryable, billId: string): Promise<BillChange[]> {
  const rows = await db
    .select()
    .from(billHistory)
    .where(eq(billHistory.billId, billId))
    .orderBy(asc(billHistory.revision));
  return rows.map((row) => ({
    revision: row.revision,
    changedAt: row.changedAt,
    changedBy: { id: row.changedById, name: row.changedByName, role: row.changedByRole },
    changes: row.changes as FieldChange[],
  }));
}

export interface BillFilter {
  search?: string;
  startDate?: CalendarDate;
  endDate?: CalendarDate;
  page: number;
  pageSize: number;
}

/** `%`, `_` and `\` in a search are meant literally. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function dateRange(startDate?: CalendarDate, endDate?: CalendarDate): SQL[] {
  return [
    ...(startDate ? [gte(bills.billDate, startDate)] : []),
    ...(endDate ? [lte(bills.billDate, endDate)] : []),
  ];
}

/**
 * Bills matching the filter, newest first (by creation; bills created in the same millisecond by
 * invoice number), one page of them and how many match in all.
 */
export async function listBills(
  db: Queryable,
  filter: BillFilter,
): Promise<{ bills: Bill[]; total: number }> {
  const conditions = dateRange(filter.startDate, filter.endDate);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(bills.name, pattern), ilike(bills.customerId, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bills)
      .where(where)
      .orderBy(desc(bills.createdAt), desc(bills.financialYear), desc(bills.invoiceSequence))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(bills).where(where),
  ]);
  return { bills: await withLines(db, rows), total: counted!.total };
}

export interface IncomeSummary {
  today: number;
  last7Days: number;
  last30Days: number;
  allTime: number;
  range?: number;
}

/**
 * Income (the sum of bill totals, in paise) by the bills' calendar days, with "today" taken in
 * Asia/Kolkata by the database: today; today and the 6 days before; one calendar month back to today;
 * all time; and, when asked, the chosen range (inclusive).
 */
export async function incomeSummary(
  db: Queryable,
  range?: { startDate?: CalendarDate; endDate?: CalendarDate },
): Promise<IncomeSummary> {
  const today = sql`(now() at time zone ${BUSINESS_TIME_ZONE})::date`;
  const sumWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(${bills.totalPaise}) filter (where ${condition}), 0)::bigint`;
  const rangeConditions = dateRange(range?.startDate, range?.endDate);
  const [row] = await db
    .select({
      today: sumWhere(sql`${bills.billDate} = ${today}`),
      last7Days: sumWhere(sql`${bills.billDate} between ${today} - 6 and ${today}`),
      last30Days: sumWhere(sql`${bills.billDate} between (${today} - interval '1 month')::date and ${today}`),
      allTime: sql<number>`coalesce(sum(${bills.totalPaise}), 0)::bigint`,
      range: sumWhere(rangeConditions.length > 0 ? and(...rangeConditions)! : sql`true`),
    })
    .from(bills);
  const { range: rangeIncome, ...windows } = row!;
  return rangeConditions.length > 0 ? { ...windows, range: Number(rangeIncome) } : windows;
}

/** Advisory lock key of the invoice retention sweep: one replica sweeps at a time. */
const INVOICE_RETENTION_LOCK_KEY = 7_311_005;

/**
 * Tries the invoice retention sweep's transaction-scoped advisory lock without waiting: true when this
 * transaction holds it, false when another replica does.
 */
export async function tryLockInvoiceRetentionSweep(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${INVOICE_RETENTION_LOCK_KEY}) as locked`,
  );
  return Boolean(rows[0]?.locked);
}

/**
 * Locks (skipping rows another transaction holds) up to `limit` bills of financial years up to
 * `lastFinancialYear` whose customer is not erased yet, oldest first; answers their ids.
 */
export async function lockBillsPastRetention(
  tx: Tx,
  lastFinancialYear: string,
  erasedName: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from bills
    where financial_year <= ${lastFinancialYear}
      and not (name = ${erasedName} and phone = '' and email is null and customer_id = '' and gender is null)
    order by financial_year, invoice_sequence
    limit ${limit}
    for update skip locked`);
  return rows.map((row) => row.id);
}

/**
 * Erases the customer of the given bills: name (to `erasedName`), phone, email, customer id and gender,
 * and the same fields in their edit history. Numbers, lines and amounts stay.
 */
export async function eraseBillCustomers(tx: Tx, billIds: string[], erasedName: string): Promise<void> {
  const ids = sql.join(
    billIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update bills set name = ${erasedName}, phone = '', email = null, customer_id = '', gender = null
    where id in (${ids})`);
  await tx.execute(sql`
    update bill_history set changes = (
      select coalesce(jsonb_agg(
        case when change->>'field' in ('name', 'phone', 'email', 'customerId', 'gender')
          then change || '{"from": null, "to": null}'::jsonb else change end), '[]'::jsonb)
      from jsonb_array_elements(changes) as change)
    where bill_id in (${ids}) and jsonb_typeof(changes) = 'array'`);
}

/**
 * Locks the bills of a customer, found by email (case-insensitive) or by the last ten digits of the
 * phone, that still carry a phone or an email; answers what each carries.
 */
export async function lockBillsOfContact(
  tx: Tx,
  contact: { email: string; phoneKey?: string },
): Promise<Array<{ id: string; phone: string; email: string | null }>> {
  const { rows } = await tx.execute<{ id: string; phone: string; email: string | null }>(sql`
    select id, phone, email from bills
    where ((${contact.email} <> '' and lower(email) = ${contact.email})
       or (${contact.phoneKey ?? ''} <> '' and right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) = ${contact.phoneKey ?? ''}))
      and (phone <> '' or email is not null)
    order by id
    for update`);
  return rows;
}

/**
 * Removes the phone and email of the given bills (locked by the caller), and the same fields from
 * their edit history. Each bill moves to its next revision, recorded in its history as the system's
 * change with `note`, so that the event announcing it carries the erased bill (and a bill written back
 * from billing's events after a restore comes back erased). Answers the bills as they are now.
 */
export async function eraseBillContacts(
  tx: Tx,
  erased: Array<{ id: string; fields: Array<'phone' | 'email'> }>,
  change: { actor: Actor; now: Date; note: string },
): Promise<Bill[]> {
  if (erased.length === 0) return [];
  const ids = sql.join(
    erased.map(({ id }) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await tx
    .update(bills)
    .set({
      phone: '',
      email: null,
      revision: sql`${bills.revision} + 1`,
      updatedAt: sql`greatest(${bills.updatedAt}, ${change.now.toISOString()}::timestamptz)`,
    })
    .where(sql`${bills.id} in (${ids})`)
    .returning();
  await tx.execute(sql`
    update bill_history set changes = (
      select coalesce(jsonb_agg(
        case when change->>'field' in ('phone', 'email')
          then change || '{"from": null, "to": null}'::jsonb else change end), '[]'::jsonb)
      from jsonb_array_elements(changes) as change)
    where bill_id in (${ids}) and jsonb_typeof(changes) = 'array'`);
  for (const row of rows) {
    const fields = erased.find(({ id }) => id === row.id)?.fields ?? [];
    await recordBillChange(tx, row.id, {
      revision: row.revision,
      changedAt: change.now,
      changedBy: change.actor,
      changes: fields.map((field) => ({ field, from: null, to: null, note: change.note })),
    });
  }
  return withLines(tx, rows);
}

/**
 * Raises each financial year's invoice counter to at least the highest sequence among this database's
 * own bills and the given sequences (numbers known to be issued elsewhere, e.g. read back from Kafka);
 * a counter never goes down. Safe while other replicas issue bills: the upsert takes each counter
 * row's lock and keeps the greater value. Answers the counters it raised (or created).
 */
export async function raiseInvoiceCounters(
  db: Queryable,
  issued: Map<string, number>,
): Promise<Array<{ financialYear: string; lastSequence: number }>> {
  const known = JSON.stringify(Object.fromEntries(issued));
  const { rows } = await db.execute<{ financial_year: string; last_sequence: number }>(sql`
    with seen as (
      select financial_year, max(sequence) as last_sequence from (
        select financial_year, invoice_sequence as sequence from bills
        union all
        select key, value::integer from jsonb_each_text(${known}::jsonb)
      ) as issued
      group by financial_year
    )
    insert into invoice_counters (financial_year, last_sequence)
    select seen.financial_year, seen.last_sequence from seen
    left join invoice_counters as current using (financial_year)
    where current.last_sequence is null or seen.last_sequence > current.last_sequence
    on conflict (financial_year) do update
      set last_sequence = greatest(invoice_counters.last_sequence, excluded.last_sequence)
    returning financial_year, last_sequence`);
  return rows.map((row) => ({ financialYear: row.financial_year, lastSequence: Number(row.last_sequence) }));
}
