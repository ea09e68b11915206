import { fromHundredths } from '@spa/rules';
import type { Bill, BillChange } from '../domain/bill.js';

/** A bill as the API answers it: rupees and percent, `_id` beside `id` (spec section 3). */
export function presentBill(bill: Bill, history?: BillChange[]) {
  return {
    _id: bill.id,
    id: bill.id,
    invoiceNumber: bill.invoiceNumber,
    name: bill.name,
    phone: bill.phone,
    ...(bill.email ? { email: bill.email } : {}),
    customerId: bill.customerId,
    gender: bill.gender,
    date: bill.date,
    roomNo: bill.roomNo,
    services: bill.services.map((line) => ({
      _id: line.id,
      serviceName: line.serviceName,
      duration: line.duration,
      staffAssigned: line.staffAssigned,
      price: fromHundredths(line.price),
      gst: fromHundredths(line.gst),
      discount: fromHundredths(line.discount),
      total: fromHundredths(line.total),
    })),
    products: bill.products.map((line) => ({
      _id: line.id,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: fromHundredths(line.unitPrice),
      gst: fromHundredths(line.gst),
      discount: fromHundredths(line.discount),
      total: fromHundredths(line.total),
    })),
    discountPercent: fromHundredths(bill.discountPercent),
    paymentMethod: bill.paymentMethod,
    advanceAmount: fromHundredths(bill.advanceAmount),
    subTotal: fromHundredths(bill.subTotal),
    discountAmount: fromHundredths(bill.discountAmount),
    totalPrice: fromHundredths(bill.totalPrice),
    revision: bill.revision,
    createdAt: bill.createdAt.toISOString(),
    updatedAt: bill.updatedAt.toISOString(),
    createdBy: bill.createdBy,
    ...(history
      ? {
          history: history.map((entry) => ({
            revision: entry.revision,
            changedAt: entry.changedAt.toISOString(),
            changedBy: entry.changedBy,
            changes: entry.changes,
          })),
        }
      : {}),
  };
}
