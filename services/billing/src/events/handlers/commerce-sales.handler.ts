import { timestampDate } from '@bufbuild/protobuf/wkt';
import { PermanentEventError, type EventHandler, type Tx } from '@spa/kit';
import type { commerceV1, events } from '@spa/proto';
import { recordSale, recordSaleRefund } from '../../db/reports.repository.js';
import { refundedLinePaise } from '../../domain/reports.js';

/**
 * The report's copy of a completed counter sale (report_sales, its lines and the appointments it
 * checked out). Written once: a completed sale never changes, so a second event of it changes nothing.
 */
export async function mirrorSale(tx: Tx, sale: commerceV1.Sale | undefined, occurredAt: Date): Promise<void> {
  if (!sale?.saleId) throw new PermanentEventError('sale event without a sale id');
  await recordSale(
    tx,
    {
      id: sale.saleId,
      completedAt: sale.completedAt ? timestampDate(sale.completedAt) : occurredAt,
      customerId: sale.customerId,
    },
    sale.lines.map((line, index) => ({
      lineId: line.lineId || String(index),
      kind: line.kind,
      itemId: line.itemId,
      name: line.name,
      quantity: line.quantity,
      totalPaise: Number(line.totalPaise),
      appointmentId: line.appointmentId,
      employeeId: line.employeeId,
      employeeName: line.employeeId ? line.employeeName : '',
    })),
    sale.appointmentIds,
  );
}

/** commerce.sale.completed */
export const saleCompleted: EventHandler<typeof events.saleCompleted> = (tx, payload, meta) =>
  mirrorSale(tx, payload.sale, meta.occurredAt);

/**
 * commerce.sale.refunded: each line (or part of one) given back, kept by refund and line, on the day
 * of the refund. The event carries its sale as completed, which is written first when the sale's own
 * event has not been read yet, so the refund always has its lines to be attributed by.
 */
export const saleRefunded: EventHandler<typeof events.saleRefunded> = async (tx, payload, meta) => {
  if (!payload.refundId) throw new PermanentEventError('sale refund without a refund id');
  await mirrorSale(tx, payload.sale, meta.occurredAt);
  const sale = payload.sale!;
  const refundedAt = payload.refundedAt ? timestampDate(payload.refundedAt) : meta.occurredAt;
  const byLine = new Map<string, { quantity: number; amountPaise: number }>();
  for (const refunded of payload.lines) {
    const line = sale.lines.find((candidate) => candidate.lineId === refunded.lineId);
    if (!line)
      throw new PermanentEventError(
        `refund ${payload.refundId}: line ${refunded.lineId} is not on sale ${sale.saleId}`,
      );
    const amountPaise = refundedLinePaise(
      { quantity: line.quantity, totalPaise: Number(line.totalPaise) },
      { quantity: refunded.quantity, amountPaise: Number(refunded.amountPaise) },
    );
    const before = byLine.get(refunded.lineId) ?? { quantity: 0, amountPaise: 0 };
    byLine.set(refunded.lineId, {
      quantity: before.quantity + refunded.quantity,
      amountPaise: before.amountPaise + amountPaise,
    });
  }
  await recordSaleRefund(
    tx,
    [...byLine].map(([lineId, refunded]) => ({
      refundId: payload.refundId,
      lineId,
      saleId: sale.saleId,
      ...refunded,
      refundedAt,
    })),
  );
};
