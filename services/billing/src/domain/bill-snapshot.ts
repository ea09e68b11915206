import type { billingV1 } from '@spa/proto';
import { DURATIONS, GENDERS, PAYMENT_METHODS } from './bill-input.js';
import type { Bill } from './bill.js';
import { isCalendarDate } from './calendar.js';
import { financialYearOf, parseInvoiceNumber } from './invoice-number.js';

/** A bill as billing's own newest event showed it, ready to be written back: the row, its lines, its sequence. */
export interface RestoredBill extends Bill {
  invoiceSequence: number;
}

/**
 * Whether an event's bill carries the whole bill (its lines, who issued it, when). Events published
 * before the bill events carried their lines leave those fields unset (created_at_ms 0): such a
 * snapshot still tells the invoice number, but a bill cannot be rebuilt from it.
 */
export function isWholeBillSnapshot(message: billingV1.Bill): boolean {
  return message.createdAtMs > 0n && message.createdById !== '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string, name: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new Error(`bill snapshot: unknown ${name} "${value}"`);
}

function uuid(value: string, name: string): string {
  if (!UUID.test(value)) throw new Error(`bill snapshot: ${name} "${value}" is not a UUID`);
  return value.toLowerCase();
}

/** Paise or basis points (int64 or int32 on the wire) as a safe, non-negative number. */
function amount(value: bigint | number, name: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0)
    throw new Error(`bill snapshot: ${name} ${String(value)} is out of range`);
  return number;
}

function instant(ms: bigint, name: string): Date {
  const date = new Date(amount(ms, name));
  if (Number.isNaN(date.getTime()) || date.getTime() === 0) throw new Error(`bill snapshot: no ${name}`);
  return date;
}

const byPosition = <L extends { position: number }>(lines: readonly L[]) =>
  [...lines].sort((a, b) => a.position - b.position);

/**
 * The bill (row and lines) an event's snapshot stands for: the inverse of events/publishes.ts's
 * billEventPayload, so a bill written back is the bill as it was after the change its newest event
 * announced: the same id, invoice number, customer, date, room, rates, money, revision, times, issuer
 * and lines (ids, order and amounts). Throws for a snapshot that is not whole (isWholeBillSnapshot) or
 * names what a bill cannot hold (an unknown payment method, an invoice number of another financial
 * year than its date...): the caller skips it.
 */
export function billFromSnapshot(message: billingV1.Bill): RestoredBill {
  if (!isWholeBillSnapshot(message))
    throw new Error('bill snapshot: published before bill events carried the whole bill');
  const number = parseInvoiceNumber(message.invoiceNumber);
  if (!number) throw new Error(`bill snapshot: invoice number "${message.invoiceNumber}" is not one of ours`);
  if (!isCalendarDate(message.billDate))
    throw new Error(`bill snapshot: bill date "${message.billDate}" is not a date`);
  if (financialYearOf(message.billDate) !== number.financialYear)
    throw new Error(
      `bill snapshot: invoice ${message.invoiceNumber} does not belong to the year of ${message.billDate}`,
    );
  if (message.revision < 1) throw new Error(`bill snapshot: revision ${message.revision}`);
  return {
    id: uuid(message.billId, 'bill id'),
    invoiceNumber: message.invoiceNumber,
    financialYear: number.financialYear,
    invoiceSequence: number.sequence,
    name: message.customerName,
    phone: message.phone,
    email: message.email === '' ? null : message.email,
    customerId: message.customerId,
    gender: message.gender === '' ? null : oneOf(GENDERS, message.gender, 'gender'),
    date: message.billDate,
    roomNo: message.roomNo,
    discountPercent: amount(message.discountPercentBp, 'discount percent'),
    paymentMethod: oneOf(PAYMENT_METHODS, message.paymentMethod, 'payment method'),
    advanceAmount: amount(message.advancePaise, 'advance'),
    services: byPosition(message.serviceLines).map((line) => ({
      id: uuid(line.lineId, 'service line id'),
      serviceName: line.serviceName,
      duration: oneOf(DURATIONS, line.duration, 'duration'),
      staffAssigned: line.staffAssigned,
      price: amount(line.pricePaise, 'service price'),
      gst: amount(line.gstBp, 'GST'),
      discount: amount(line.discountBp, 'discount'),
      total: amount(line.totalPaise, 'service line total'),
    })),
    products: byPosition(message.productLines).map((line) => ({
      id: uuid(line.lineId, 'product line id'),
      productName: line.productName,
      quantity: amount(line.quantity, 'quantity'),
      unitPrice: amount(line.unitPricePaise, 'unit price'),
      gst: amount(line.gstBp, 'GST'),
      discount: amount(line.discountBp, 'discount'),
      total: amount(line.totalPaise, 'product line total'),
    })),
    subTotal: amount(message.subTotalPaise, 'sub total'),
    discountAmount: amount(message.discountPaise, 'discount amount'),
    totalPrice: amount(message.totalPaise, 'total'),
    revision: message.revision,
    createdAt: instant(message.createdAtMs, 'created_at_ms'),
    updatedAt: instant(message.updatedAtMs, 'updated_at_ms'),
    createdBy: { id: message.createdById, name: message.createdByName },
  };
}
