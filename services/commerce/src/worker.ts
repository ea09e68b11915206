import { startPeriodicTask } from '@spa/kit';
import { clearCheckoutMarker } from './db/carts.repository.js';
import {
  abandonedCheckoutIds,
  claimOrderForSweep,
  deleteReservingOrder,
  expiredOrderIds,
  lockOrder,
} from './db/orders.repository.js';
import { findPaymentOfOrder } from './db/payments.repository.js';
import type { CommerceContext } from './use-cases/context.js';
import { cancelLockedOrder } from './use-cases/orders.js';
import { applyCapture, capturedAtProvider } from './use-cases/payment-capture.js';
import { sweepRefunds } from './use-cases/refunds.js';
import { sweepSaleReservations } from './use-cases/sale-reservations.js';

const BATCH = 50;

export interface SweepResult {
  /** Unpaid ONLINE orders past their hold: cancelled, stock released. */
  expired: number;
  /** Orders past their hold that the provider says were paid after all: captured instead. */
  captured: number;
  /** Checkouts interrupted after reserving stock: released and removed. */
  abandoned: number;
  /** Orders left for the next round (the catalogue or the provider did not answer). */
  deferred: number;
  /** Refunds settled or sent by this pass (a lost answer or webhook followed up). */
  refunds: number;
  /** Counter stock reservations no sale line holds (a failed edit, a failed release): released. */
  saleReservations: number;
}

/**
 * One pass of the sweeper. Each order is handled in its own transaction that locks its row with
 * `for update skip locked`, so several replicas (or a verification in flight) never work on the same
 * order, and a failure with one order leaves it for the next pass without holding up the others.
 */
export async function sweepOnce(deps: CommerceContext, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = {
    expired: 0,
    captured: 0,
    abandoned: 0,
    deferred: 0,
    refunds: 0,
    saleReservations: 0,
  };
  for (const id of await expiredOrderIds(deps.db, now, BATCH)) {
    try {
      const outcome = await expireOrder(deps, id);
      if (outcome !== 'skipped') result[outcome]++;
    } catch (error) {
      result.deferred++;
      deps.logger.warn({ err: error, orderId: id }, 'could not expire an unpaid order yet');
    }
  }
  const before = new Date(now.getTime() - deps.config.abandonedCheckoutMs);
  for (const id of await abandonedCheckoutIds(deps.db, before, BATCH)) {
    try {
      if (await undoAbandonedCheckout(deps, id)) result.abandoned++;
    } catch (error) {
      result.deferred++;
      deps.logger.warn({ err: error, orderId: id }, 'could not release an abandoned checkout yet');
    }
  }
  result.refunds = await sweepRefunds(deps, now);
  const counter = await sweepSaleReservations(deps, now);
  result.saleReservations = counter.released;
  result.deferred += counter.deferred;
  return result;
}

/**
 * Before an unpaid order is cancelled the provider is asked whether it was paid after all (the
 * customer paid, then neither the page nor the webhook reached us): then it is captured, not cancelled.
 */
async function expireOrder(deps: CommerceContext, id: string): Promise<'expired' | 'captured' | 'skipped'> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimOrderForSweep(tx, id, 'pending_payment'))) return 'skipped';
    const order = (await lockOrder(tx, id))!;
    const payment = await findPaymentOfOrder(tx, id);
    if (payment) {
      const paid = await capturedAtProvider(deps, payment.providerOrderId);
      if (paid) {
        await applyCapture(tx, deps, payment, paid.id);
        return 'captured';
      }
    }
    await cancelLockedOrder(tx, deps, order, 'payment_expired');
    deps.logger.info({ orderId: id }, 'unpaid order cancelled after its payment hold; stock released');
    return 'expired';
  });
}

async function undoAbandonedCheckout(deps: CommerceContext, id: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimOrderForSweep(tx, id, 'reserving'))) return false;
    // Also records the order as released at the catalogue, so a reservation still in flight cannot land.
    await deps.catalogue.release(id);
    await clearCheckoutMarker(tx, id);
    await deleteReservingOrder(tx, id);
    return true;
  });
}

/**
 * Runs the sweep every PAYMENT_SWEEP_INTERVAL_MS. A periodic sweep rather than a delayed job per
 * order: the hold is a column of the order, so nothing has to be enqueued beside the commit (no dual
 * write that could be lost), a restart or a lost Redis loses nothing, and replicas share the work
 * through skip locked. The cost is one indexed query per interval.
 */
export function startSweeper(deps: CommerceContext): () => Promise<void> {
  const { sweepIntervalMs } = deps.config;
  return startPeriodicTask(
    async () => {
      const result = await sweepOnce(deps);
      if (Object.values(result).some((count) => count > 0)) deps.logger.info(result, 'payment hold sweep');
    },
    0,
    deps.logger,
    'payment hold sweep',
    // First after one interval, as the hold it looks for is at least that long; a slow sweep is not doubled.
    { everyMs: sweepIntervalMs, firstAfterMs: sweepIntervalMs, failureLevel: 'warn' },
  );
}
