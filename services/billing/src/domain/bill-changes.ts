import { fromHundredths } from '@spa/rules';
import type { PricedBill, ProductLine, ServiceLine } from './bill-input.js';
import type { Bill, FieldChange } from './bill.js';

/** A line as a person reads it in the change history: its content, no ids or computed totals. */
function serviceContent(line: ServiceLine) {
  return {
    serviceName: line.serviceName,
    duration: line.duration,
    staffAssigned: line.staffAssigned,
    price: fromHundredths(line.price),
    gst: fromHundredths(line.gst),
    discount: fromHundredths(line.discount),
  };
}

function productContent(line: ProductLine) {
  return {
    productName: line.productName,
    quantity: line.quantity,
    unitPrice: fromHundredths(line.unitPrice),
    gst: fromHundredths(line.gst),
    discount: fromHundredths(line.discount),
  };
}

/** The fields a person can see change, read from a stored bill or a newly priced one, in API units. */
function visibleFields(bill: Bill | PricedBill): Record<string, unknown> {
  const totals = 'totals' in bill ? bill.totals : bill;
  return {
    name: bill.name,
    phone: bill.phone,
    email: bill.email,
    customerId: bill.customerId,
    gender: bill.gender,
    date: bill.date,
    roomNo: bill.roomNo,
    services: bill.services.map(serviceContent),
    products: bill.products.map(productContent),
    discountPercent: fromHundredths(bill.discountPercent),
    paymentMethod: bill.paymentMethod,
    advanceAmount: fromHundredths(bill.advanceAmount),
    subTotal: fromHundredths(totals.subTotal),
    discountAmount: fromHundredths(totals.discountAmount),
    totalPrice: fromHundredths(totals.totalPrice),
  };
}

/** What an edit changes, field by field (from and to); empty when the edit changes nothing. */
export function billChanges(before: Bill, after: PricedBill): FieldChange[] {
  const old = visibleFields(before);
  const next = visibleFields(after);
  return Object.keys(next).flatMap((field) =>
    JSON.stringify(old[field]) === JSON.stringify(next[field])
      ? []
      : [{ field, from: old[field], to: next[field] }],
  );
}
