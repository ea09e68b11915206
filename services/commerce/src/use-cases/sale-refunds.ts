import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, type AuthUser, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import {
  findSale,
  findSaleRefund,
  findSaleRefundByKey,
  insertMovement,
  insertSaleRefund,
  lockSaleRefund,
  refundsOfSale,
  shareOpenShift,
  updateSaleRefund,
  type RefundLine,
  type Sale,
  type SaleRefund,
} from '../db/sales.repository.js';
import { refundOfLine, SaleRuleError, type SaleLine } from '../domain/sale.js';
import { ProviderRefusedError, type ProviderRefund } from '../integrations/payment-provider.js';
import type { CommerceContext } from './context.js';
import { saleEventPayload } from './sale-events.js';
import { drawerClosed, keyReused } from './sale-tenders.js';
import { getSale, lockedSale, releaseLines } from './sales.js';

export interface RefundRequest {
  lines: Array<{ lineId: string; quantity: number }>;
  method: 'cash' | 'card_terminal' | 'razorpay';
  reason: string;
  restock: boolean;
}

export interface RefundAnswer {
  refund: SaleRefund & { lines: RefundLine[] };
  sale: Sale;
  created: boolean;
}

/** Everything refunded (or being refunded) so far, per line and in all. */
function refundedSoFar(refunds: Array<SaleRefund & { lines: RefundLine[] }>) {
  const quantities = new Map<string, number>();
  let total = 0;
  const byMethod = { cash: 0, card_terminal: 0, razorpay: 0 };
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    total += refund.amountPaise;
    byMethod[refund.method] += refund.amountPaise;
    for (const line of refund.lines)
      quantities.set(line.lineId, (quantities.get(line.lineId) ?? 0) + line.quantity);
  }
  return { quantities, total, byMethod };
}

/**
 * The paid Razorpay tender a refund of `amountPaise` goes back to: one with that much left after the
 * refunds the provider already holds against it (asked of the provider: it is the authority).
 */
async function razorpayPaymentFor(deps: CommerceContext, sale: Sale, amountPaise: number): Promise<string> {
  for (const tender of sale.tenders) {
    if (tender.method !== 'razorpay' || tender.status !== 'paid' || !tender.reference) continue;
    let refunded: ProviderRefund[];
    try {
      refunded = await deps.provider.refundsOfPayment(tender.reference);
    } catch (error) {
      deps.logger.warn({ err: error, tenderId: tender.id }, 'the refunds of a payment could not be read');
      throw new AppError(
        502,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider could not be asked just now',
      );
    }
    const left =
      tender.amountPaise -
      refunded
        .filter((refund) => refund.status !== 'failed')
        .reduce((total, refund) => total + refund.amount, 0);
    if (left >= amountPaise) return tender.reference;
  }
  throw new SaleRuleError(
    'REFUND_EXCEEDS_TENDER',
    'No Razorpay payment of this sale has that much left to refund: refund it another way or in parts',
    'method',
  );
}

/**
 * POST /counter/sales/:id/refunds: money of a completed sale goes back, per line, never more of a line
 * than was sold nor more in all than was paid. Cash comes out of the open drawer shift and a card
 * terminal's refund is done at the terminal: both are processed at once and commerce.sale.refunded
 * goes out with them. Razorpay refunds the sale's Razorpay payment through the provider: the event
 * goes out when the provider says the refund is processed. Restocking puts a product's stock back at
 * the catalogue, for a line given back whole.
 */
export async function refundSale(
  deps: CommerceContext,
  user: AuthUser,
  saleId: string,
  idempotencyKey: string,
  request: RefundRequest,
): Promise<RefundAnswer> {
  const key = `${saleId}:${idempotencyKey}`;
  const reason = request.reason.trim();
  if (reason === '') throw new SaleRuleError('REASON_REQUIRED', 'A refund needs a reason', 'reason');
  const earlier = await findSaleRefundByKey(deps.db, key);
  if (earlier) {
    await sameRefund(deps, earlier, request);
    return answer(
      deps,
      earlier.method === 'razorpay' ? await sendRazorpayRefund(deps, earlier.id) : earlier,
      false,
    );
  }

  const sale = await findSale(deps.db, saleId);
  const planned = sale && planRefund(sale, await refundsOfSale(deps.db, saleId), request);
  const providerPaymentId =
    sale && planned && request.method === 'razorpay'
      ? await razorpayPaymentFor(deps, sale, planned.amountPaise)
      : undefined;

  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockedSale(tx, saleId);
    const raced = await findSaleRefundByKey(tx, key);
    if (raced) return { refund: raced, created: false, restock: [] as SaleLine[] };
    if (locked.status !== 'completed')
      throw new AppError(
        409,
        'SALE_NOT_COMPLETED',
        'Only a completed sale is refunded; an open one is edited or voided',
      );
    const current = (await findSale(tx, saleId))!;
    const plan = planRefund(current, await refundsOfSale(tx, saleId), request);
    const refundId = randomUUID();
    const now = new Date();
    let shiftId: string | undefined;
    if (request.method === 'cash') {
      const shift = await shareOpenShift(tx);
      if (!shift) throw drawerClosed();
      shiftId = shift.id;
    }
    const immediate = request.method !== 'razorpay';
    await insertSaleRefund(
      tx,
      {
        id: refundId,
        saleId,
        idempotencyKey: key,
        method: request.method,
        status: immediate ? 'processed' : 'requested',
        amountPaise: plan.amountPaise,
        reason,
        restocked: request.restock && plan.restock.length > 0,
        refundedById: user.id,
        ...(shiftId ? { shiftId } : {}),
        ...(immediate ? { processedAt: now } : {}),
      },
      plan.lines.map((line) => ({ ...line, refundId })),
    );
    if (shiftId)
      await insertMovement(tx, {
        id: randomUUID(),
        shiftId,
        kind: 'refund',
        amountPaise: -plan.amountPaise,
        reason: `Refund of sale ${saleId.slice(0, 8)}: ${reason}`,
        saleId,
        refundId,
        recordedById: user.id,
      });
    const refund = (await findSaleRefund(tx, refundId))!;
    if (immediate) await publishRefunded(deps, tx, refund);
    return { refund, created: true, restock: request.restock ? plan.restock : [] };
  });
  if (outcome.restock.length > 0) await releaseLines(deps, outcome.restock);
  const refund =
    outcome.refund.method === 'razorpay' && outcome.created
      ? await sendRazorpayRefund(deps, outcome.refund.id, providerPaymentId)
      : outcome.refund;
  return answer(deps, refund, outcome.created);
}

/** A repeat of a refund's key must ask for the same refund (method and lines). */
async function sameRefund(deps: CommerceContext, earlier: SaleRefund, request: RefundRequest): Promise<void> {
  const recorded = (await refundsOfSale(deps.db, earlier.saleId)).find((one) => one.id === earlier.id)!;
  const asked = new Map(request.lines.map((line) => [line.lineId, line.quantity]));
  // Lines that gave back nothing (a free line) were not recorded: the recorded ones must all match.
  const same =
    earlier.method === request.method &&
    recorded.lines.every((line) => asked.get(line.lineId) === line.quantity);
  if (!same) throw keyReused();
}

async function answer(deps: CommerceContext, refund: SaleRefund, created: boolean): Promise<RefundAnswer> {
  const withLines = (await refundsOfSale(deps.db, refund.saleId)).find(
    (candidate) => candidate.id === refund.id,
  )!;
  if (withLines.status === 'failed' && created)
    throw new AppError(422, 'REFUND_REFUSED', 'The payment provider refused the refund');
  return { refund: withLines, sale: await getSale(deps, refund.saleId), created };
}

/** The lines and amount a refund gives back, checked against what was sold, paid and refunded. */
function planRefund(
  sale: Sale,
  refunds: Array<SaleRefund & { lines: RefundLine[] }>,
  request: RefundRequest,
) {
  if (sale.status !== 'completed')
    throw new AppError(
      409,
      'SALE_NOT_COMPLETED',
      'Only a completed sale is refunded; an open one is edited or voided',
    );
  const soFar = refundedSoFar(refunds);
  const seen = new Set<string>();
  const restock: SaleLine[] = [];
  const lines = request.lines.map((wanted, index) => {
    const line = sale.lines.find((candidate) => candidate.id === wanted.lineId);
    if (!line)
      throw new SaleRuleError(
        'LINE_NOT_FOUND',
        'A refunded line is not on this sale',
        `lines[${index}].lineId`,
      );
    if (seen.has(line.id))
      throw new SaleRuleError('LINE_INVALID', 'A line is sent twice', `lines[${index}].lineId`);
    seen.add(line.id);
    const before = soFar.quantities.get(line.id) ?? 0;
    const amountPaise = refundOfLine(line, before, wanted.quantity);
    if (request.restock && line.kind === 'product') {
      // The catalogue takes back a line's reservation whole: a product is restocked when all of it comes back at once.
      if (before > 0 || wanted.quantity !== line.quantity)
        throw new SaleRuleError(
          'RESTOCK_WHOLE_LINE',
          `"${line.name}" is restocked only when all of it is returned in one refund`,
          `lines[${index}].quantity`,
        );
      restock.push(line);
    }
    return { lineId: line.id, quantity: wanted.quantity, amountPaise };
  });
  const amountPaise = lines.reduce((total, line) => total + line.amountPaise, 0);
  if (amountPaise <= 0)
    throw new SaleRuleError('REFUND_EMPTY', 'Nothing of these lines was charged', 'lines');
  if (soFar.total + amountPaise > sale.paidPaise)
    throw new SaleRuleError(
      'REFUND_EXCEEDS_PAID',
      `At most ${Math.max(0, sale.paidPaise - soFar.total)} paise of what was paid is left to refund`,
      'lines',
    );
  return { lines: lines.filter((line) => line.amountPaise > 0), amountPaise, restock };
}

async function publishRefunded(deps: CommerceContext, tx: Tx, refund: SaleRefund): Promise<void> {
  const sale = (await findSale(tx, refund.saleId))!;
  const lines = (await refundsOfSale(tx, refund.saleId)).find(
    (candidate) => candidate.id === refund.id,
  )!.lines;
  await deps.publish(tx, events.saleRefunded, refund.saleId, {
    refundId: refund.id,
    sale: saleEventPayload(sale),
    lines: lines.map((line) => ({
      lineId: line.lineId,
      quantity: line.quantity,
      amountPaise: BigInt(line.amountPaise),
    })),
    amountPaise: BigInt(refund.amountPaise),
    method: refund.method,
    reason: refund.reason,
    restocked: refund.restocked,
    refundedAt: timestampFromDate(refund.processedAt ?? new Date()),
    refundedById: refund.refundedById,
  });
}

/**
 * Settles a refund once: processed (commerce.sale.refunded in the same transaction) or failed. A
 * refund already settled is left alone.
 */
async function settleSaleRefund(
  deps: CommerceContext,
  refundId: string,
  outcome: { status: 'processed' | 'failed'; providerRefundId?: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const refund = await lockSaleRefund(tx, refundId);
    if (!refund || refund.status !== 'requested') return false;
    const providerRefundId = outcome.providerRefundId ?? refund.providerRefundId;
    await updateSaleRefund(tx, refundId, {
      status: outcome.status,
      ...(providerRefundId ? { providerRefundId } : {}),
      ...(outcome.status === 'processed' ? { processedAt: new Date() } : {}),
    });
    if (outcome.status === 'processed')
      await publishRefunded(deps, tx, (await findSaleRefund(tx, refundId))!);
    return true;
  });
}

/**
 * Sends a `requested` Razorpay refund (its receipt our refund id: one the provider has already is
 * adopted, never made twice) or asks after one it accepted. Processed or refused settles it; no answer
 * or `pending` leaves it requested, and the same request again asks once more.
 */
async function sendRazorpayRefund(
  deps: CommerceContext,
  refundId: string,
  knownPaymentId?: string,
): Promise<SaleRefund> {
  const refund = (await findSaleRefund(deps.db, refundId))!;
  if (refund.status !== 'requested') return refund;
  try {
    let remote: ProviderRefund | undefined;
    if (refund.providerRefundId) remote = await deps.provider.fetchRefund(refund.providerRefundId);
    else {
      const sale = (await findSale(deps.db, refund.saleId))!;
      const candidates = sale.tenders
        .filter((tender) => tender.method === 'razorpay' && tender.status === 'paid' && tender.reference)
        .map((tender) => tender.reference);
      for (const candidate of candidates) {
        remote = (await deps.provider.refundsOfPayment(candidate)).find((one) => one.receipt === refund.id);
        if (remote) break;
      }
      remote ??= await deps.provider.refundPayment(
        knownPaymentId ?? (await razorpayPaymentFor(deps, sale, refund.amountPaise)),
        {
          amountPaise: refund.amountPaise,
          receipt: refund.id,
          notes: { saleRefundId: refund.id, saleId: refund.saleId, reason: refund.reason.slice(0, 200) },
        },
      );
    }
    if (remote.status === 'pending')
      await updateSaleRefund(deps.db, refundId, { providerRefundId: remote.id });
    else await settleSaleRefund(deps, refundId, { status: remote.status, providerRefundId: remote.id });
  } catch (error) {
    if (error instanceof ProviderRefusedError && error.statusCode >= 400 && error.statusCode < 500) {
      deps.logger.error({ err: error, refundId }, 'the payment provider refused a sale refund');
      await settleSaleRefund(deps, refundId, { status: 'failed' });
    } else if (error instanceof AppError) throw error;
    else deps.logger.warn({ err: error, refundId }, 'a sale refund is not sent yet; asking again sends it');
  }
  return (await findSaleRefund(deps.db, refundId))!;
}

/** The provider's webhook or a follow-up found a sale refund's outcome (by our id, the receipt). */
export async function followUpSaleRefund(
  deps: CommerceContext,
  refundId: string,
): Promise<SaleRefund | undefined> {
  const refund = await findSaleRefund(deps.db, refundId);
  if (!refund || refund.method !== 'razorpay') return refund;
  return sendRazorpayRefund(deps, refundId);
}
