import type { MessageInitShape } from '@bufbuild/protobuf';
import type { TopicSpec } from '@spa/kit';
import { events, type billingV1 } from '@spa/proto';
import type { Bill } from '../domain/bill.js';

/** The topics billing writes to, created at start-up. */
export const billingTopics: TopicSpec[] = [
  { topic: events.billIssued.topic, compacted: events.billIssued.compacted },
  { topic: events.documentIssued.topic, compacted: events.documentIssued.compacted },
];

/**
 * A bill as its events carry it (keyed by bill id): what a consumer needs to email or report it, and
 * the whole bill with its lines, from which billing writes back a bill its restored database lost
 * (domain/bill-snapshot.ts is the inverse).
 */
export function billEventPayload(bill: Bill): MessageInitShape<typeof billingV1.BillSchema> {
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
    gender: bill.gender ?? '',
    roomNo: bill.roomNo,
    discountPercentBp: bill.discountPercent,
    createdAtMs: BigInt(bill.createdAt.getTime()),
    createdById: bill.createdBy.id,
    createdByName: bill.createdBy.name,
    serviceLines: bill.services.map((line, position) => ({
      lineId: line.id,
      position,
      serviceName: line.serviceName,
      duration: line.duration,
      staffAssigned: line.staffAssigned,
      pricePaise: BigInt(line.price),
      gstBp: line.gst,
      discountBp: line.discount,
      totalPaise: BigInt(line.total),
    })),
    productLines: bill.products.map((line, position) => ({
      lineId: line.id,
      position,
      productName: line.productName,
      quantity: line.quantity,
      unitPricePaise: BigInt(line.unitPrice),
      gstBp: line.gst,
      discountBp: line.discount,
      totalPaise: BigInt(line.total),
    })),
  };
}
