import type { TopicSpec } from '@spa/kit';
import { events, type billingV1 } from '@spa/proto';
import type { Bill } from '../domain/bill.js';

/** The topics billing writes to, created at start-up. */
export const billingTopics: TopicSpec[] = [
  { topic: events.billIssued.topic, compacted: events.billIssued.compacted },
];

/** A bill as its events carry it (keyed by bill id): what a consumer needs to email or report it. */
export function billEventPayload(bill: Bill): Omit<billingV1.Bill, '$typeName' | '$unknown'> {
  return {
    billId: bill.id,
    invoiceNumber: bill.invoiceNumber,
    customerName: bill.name,
    customerId: bill.customerId,
    phone: bill.phone,
    email: bill.email ?? '',
    billDate: bill.date,
    paymentMethod: bill.paymentMethod,
    subTotalPaise: BigInt(bill.subTotal),
    discountPaise: BigInt(bill.discountAmount),
    advancePaise: BigInt(bill.advanceAmount),
    totalPaise: BigInt(bill.totalPrice),
    revision: bill.revision,
    updatedAtMs: BigInt(bill.updatedAt.getTime()),
  };
}
