import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { commerceV1 } from '@spa/proto';
import type { Sale } from '../db/sales.repository.js';

const timestamp = (date: Date | null) => (date ? timestampFromDate(date) : undefined);

/** What the customer still owes on a sale (never below zero). */
export const balanceOf = (sale: Pick<Sale, 'totalPaise' | 'paidPaise'>) =>
  Math.max(0, sale.totalPaise - sale.paidPaise);

/**
 * The sale as commerce.sale.completed and .refunded carry it: everything billing needs for the
 * invoice (lines with their tax codes, rates and discounts, the buyer and GSTIN) and booking for the
 * visit (appointments, balance). Only paid tenders: the money the invoice records as received.
 */
export function saleEventPayload(sale: Sale): MessageInitShape<typeof commerceV1.SaleSchema> {
  return {
    saleId: sale.id,
    customerId: sale.customerId ?? '',
    customerName: sale.customerName,
    customerPhone: sale.customerPhone,
    customerEmail: sale.customerEmail,
    customerGstin: sale.customerGstin,
    appointmentIds: sale.appointmentIds,
    lines: sale.lines.map((line) => ({
      lineId: line.id,
      kind: line.kind,
      itemId: line.itemId ?? '',
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity: line.quantity,
      unitPricePaise: BigInt(line.unitPricePaise),
      lineDiscountPaise: BigInt(line.lineDiscountPaise),
      lineDiscountReason: line.lineDiscountReason,
      saleDiscountSharePaise: BigInt(line.saleDiscountSharePaise),
      totalPaise: BigInt(line.totalPaise),
      appointmentId: line.appointmentId ?? '',
      employeeId: line.employeeId ?? '',
      employeeName: line.employeeName,
      roomNumber: line.roomNumber,
    })),
    tenders: sale.tenders
      .filter((tender) => tender.status === 'paid')
      .map((tender) => ({
        tenderId: tender.id,
        method: tender.method,
        amountPaise: BigInt(tender.amountPaise),
        reference: tender.reference,
        cashReceivedPaise: BigInt(tender.cashReceivedPaise),
        changePaise: BigInt(tender.changePaise),
        paidAt: timestamp(tender.paidAt),
      })),
    totalPaise: BigInt(sale.totalPaise),
    tipPaise: BigInt(sale.tipPaise),
    discountPaise: BigInt(sale.discountPaise),
    saleDiscountReason: sale.saleDiscountReason,
    paidPaise: BigInt(sale.paidPaise),
    balancePaise: BigInt(balanceOf(sale)),
    status: sale.status,
    cashierId: sale.cashierId,
    cashierName: sale.cashierName,
    discountApprovedById: sale.discountApprovedById ?? '',
    openedAt: timestamp(sale.openedAt),
    completedAt: timestamp(sale.completedAt),
    branchId: sale.branchId ?? '',
  };
}
