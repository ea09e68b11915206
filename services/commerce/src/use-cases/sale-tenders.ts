import { randomUUID } from 'node:crypto';
import { AppError, notFound, type AuthUser, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import {
  findSale,
  findTender,
  findTenderByKey,
  insertMovement,
  insertTender,
  shareOpenShift,
  tenderSums,
  updateSale,
  updateTender,
  type Sale,
  type Tender,
} from '../db/sales.repository.js';
import { cashChange, SaleRuleError } from '../domain/sale.js';
import { ProviderRefusedError, providerOrderFailure } from '../integrations/payment-provider.js';
import type { CommerceContext } from './context.js';
import { saleEventPayload } from './sale-events.js';
import { getSale, lockedSale, saleClosed } from './sales.js';

export interface TenderRequest {
  method: 'cash' | 'card_terminal' | 'razorpay';
  amountPaise: number;
  cashReceivedPaise?: number;
  reference?: string;
}

/** A key names one tender or refund: sent again with another one, it is the desk's mistake, not a repeat. */
export const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for another payment; send a new key for a new one',
  );

export const drawerClosed = () =>
  new AppError(409, 'DRAWER_CLOSED', 'The cash drawer is closed: open a shift to take or give back cash');

/** The paid total kept on the sale's row follows its tenders (and moves the version on). */
async function syncPaid(tx: Tx, saleId: string): Promise<void> {
  const sums = await tenderSums(tx, saleId);
  await updateSale(tx, saleId, { paidPaise: sums.paid });
}

/**
 * Money that came in for a sale already completed (what the customer owed, paid later) is a fact the
 * completion's event did not carry: booking marks the visit Paid once nothing is owed.
 */
async function announceLatePayment(
  deps: CommerceContext,
  tx: Tx,
  saleId: string,
  tenderId: string,
): Promise<void> {
  const sale = (await findSale(tx, saleId))!;
  if (sale.status !== 'completed') return;
  await deps.publish(tx, events.saleBalancePaid, saleId, { sale: saleEventPayload(sale), tenderId });
}

/**
 * POST /counter/sales/:id/tenders: money for an open sale, or for what a completed one still owes.
 * Never above the balance (pending payment links count as taken). Cash goes into the open drawer
 * shift (net of change); a card terminal's slip reference is typed in; Razorpay opens a payment link
 * the customer pays on their phone, recorded `pending` before the provider is asked so a lost answer
 * is found again by the tender's id. The same Idempotency-Key answers the first tender.
 */
export async function addTender(
  deps: CommerceContext,
  user: AuthUser,
  saleId: string,
  idempotencyKey: string,
  request: TenderRequest,
): Promise<{ sale: Sale; created: boolean }> {
  const key = `${saleId}:${idempotencyKey}`;
  const outcome = await deps.db.transaction(async (tx) => {
    const sale = await lockedSale(tx, saleId);
    const earlier = await findTenderByKey(tx, key);
    if (earlier) {
      if (earlier.method !== request.method || earlier.amountPaise !== request.amountPaise) throw keyReused();
      return { tender: earlier, created: false };
    }
    if (sale.status === 'voided') throw saleClosed(sale);
    const sums = await tenderSums(tx, saleId);
    const balance = sale.totalPaise - sums.paid - sums.pending;
    if (sale.status === 'completed' && balance <= 0) throw saleClosed(sale);
    if (request.amountPaise > balance)
      throw new SaleRuleError(
        'OVERPAYMENT',
        balance <= 0 ? 'Nothing is left to pay on this sale' : `At most ${balance} paise is left to pay`,
        'amountPaise',
      );
    const base = {
      id: randomUUID(),
      saleId,
      idempotencyKey: key,
      method: request.method,
      amountPaise: request.amountPaise,
      recordedById: user.id,
    };
    if (request.method === 'cash') {
      const changePaise = cashChange(request.amountPaise, request.cashReceivedPaise);
      const shift = await shareOpenShift(tx);
      if (!shift) throw drawerClosed();
      await insertTender(tx, {
        ...base,
        status: 'paid',
        cashReceivedPaise: request.amountPaise + changePaise,
        changePaise,
        shiftId: shift.id,
        paidAt: new Date(),
      });
      await insertMovement(tx, {
        id: randomUUID(),
        shiftId: shift.id,
        kind: 'sale',
        amountPaise: request.amountPaise,
        reason: `Sale ${saleId.slice(0, 8)}`,
        saleId,
        tenderId: base.id,
        recordedById: user.id,
      });
    } else if (request.method === 'card_terminal') {
      const reference = request.reference?.trim() ?? '';
      if (reference === '')
        throw new SaleRuleError('REFERENCE_REQUIRED', 'Type in the terminal slip’s reference', 'reference');
      await insertTender(tx, { ...base, status: 'paid', reference, paidAt: new Date() });
    } else {
      await insertTender(tx, { ...base, status: 'pending' });
    }
    await syncPaid(tx, saleId);
    const tender = (await findTenderByKey(tx, key))!;
    if (tender.status === 'paid') await announceLatePayment(deps, tx, saleId, tender.id);
    return { tender, created: true };
  });
  const { tender } = outcome;
  if (tender.method === 'razorpay' && tender.status === 'pending' && !tender.providerLinkId)
    await openLink(deps, saleId, tender);
  return { sale: await getSale(deps, saleId), created: outcome.created };
}

/**
 * Asks the provider for the tender's payment link, its reference the tender's id (so a retry finds
 * the link made before). A refusal fails the tender; no answer leaves it pending with no link, and the
 * same request again (or a check) tries once more.
 */
async function openLink(deps: CommerceContext, saleId: string, tender: Tender): Promise<void> {
  const sale = await getSale(deps, saleId);
  let link: { id: string; shortUrl: string };
  try {
    link = await deps.paymentLinks.create({
      referenceId: tender.id,
      amountPaise: tender.amountPaise,
      description: `Spa sale ${saleId.slice(0, 8).toUpperCase()}`,
      customer: {
        name: sale.customerName,
        ...(sale.customerEmail ? { email: sale.customerEmail } : {}),
        ...(sale.customerPhone ? { contact: sale.customerPhone } : {}),
      },
    });
  } catch (error) {
    deps.logger.warn({ err: error, tenderId: tender.id }, 'a payment link could not be opened');
    if (error instanceof ProviderRefusedError && error.statusCode >= 400 && error.statusCode < 500)
      await deps.db.transaction(async (tx) => {
        await lockedSale(tx, saleId);
        await updateTender(tx, tender.id, { status: 'failed' });
        await syncPaid(tx, saleId);
      });
    throw providerOrderFailure(error);
  }
  await deps.db.transaction(async (tx) => {
    await lockedSale(tx, saleId);
    await updateTender(tx, tender.id, { providerLinkId: link.id, providerLinkUrl: link.shortUrl });
    await syncPaid(tx, saleId);
  });
}

async function pendingTender(deps: CommerceContext, saleId: string, tenderId: string) {
  const tender = await findTender(deps.db, saleId, tenderId);
  if (!tender) throw notFound('Tender not found');
  return tender;
}

const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider could not be asked just now. Please try again.',
  );

async function fetchLink(deps: CommerceContext, linkId: string) {
  try {
    return await deps.paymentLinks.fetch(linkId);
  } catch (error) {
    deps.logger.warn({ err: error, linkId }, 'a payment link could not be checked');
    throw providerUnavailable();
  }
}

/** Records what the provider says of a pending link: paid (the money counts), or cancelled / expired. */
async function applyLink(
  deps: CommerceContext,
  saleId: string,
  tenderId: string,
  link: { status: 'created' | 'paid' | 'cancelled' | 'expired'; paymentId?: string },
): Promise<void> {
  if (link.status === 'created') return;
  await deps.db.transaction(async (tx) => {
    await lockedSale(tx, saleId);
    const current = (await findTender(tx, saleId, tenderId))!;
    if (current.status !== 'pending') return;
    if (link.status === 'paid')
      await updateTender(tx, tenderId, {
        status: 'paid',
        reference: link.paymentId ?? '',
        paidAt: new Date(),
      });
    else await updateTender(tx, tenderId, { status: link.status === 'cancelled' ? 'cancelled' : 'failed' });
    await syncPaid(tx, saleId);
    if (link.status === 'paid') await announceLatePayment(deps, tx, saleId, tenderId);
  });
}

/** POST /counter/sales/:id/tenders/:tenderId/check: whether the customer paid the link yet. */
export async function checkTender(deps: CommerceContext, saleId: string, tenderId: string): Promise<Sale> {
  const tender = await pendingTender(deps, saleId, tenderId);
  if (tender.status === 'pending') {
    if (!tender.providerLinkId) await openLink(deps, saleId, tender);
    else await applyLink(deps, saleId, tenderId, await fetchLink(deps, tender.providerLinkId));
  }
  return getSale(deps, saleId);
}

/**
 * POST /counter/sales/:id/tenders/:tenderId/cancel: a link not paid is cancelled at the provider and
 * here. One the customer paid meanwhile is recorded as paid and the cancel refused (409 TENDER_PAID).
 */
export async function cancelTender(deps: CommerceContext, saleId: string, tenderId: string): Promise<Sale> {
  const tender = await pendingTender(deps, saleId, tenderId);
  const paid = () =>
    new AppError(409, 'TENDER_PAID', 'This payment was made; refund it after checkout instead');
  if (tender.status === 'paid') throw paid();
  if (tender.status !== 'pending') return getSale(deps, saleId);
  if (tender.providerLinkId) {
    const link = await fetchLink(deps, tender.providerLinkId);
    if (link.status === 'paid') {
      await applyLink(deps, saleId, tenderId, link);
      throw paid();
    }
    if (link.status === 'created') {
      try {
        await deps.paymentLinks.cancel(tender.providerLinkId);
      } catch (error) {
        const again = await fetchLink(deps, tender.providerLinkId);
        if (again.status === 'paid') {
          await applyLink(deps, saleId, tenderId, again);
          throw paid();
        }
        if (again.status === 'created') {
          deps.logger.warn({ err: error, tenderId }, 'a payment link could not be cancelled');
          throw error instanceof ProviderRefusedError ? providerOrderFailure(error) : providerUnavailable();
        }
      }
    }
  }
  await deps.db.transaction(async (tx) => {
    await lockedSale(tx, saleId);
    const current = (await findTender(tx, saleId, tenderId))!;
    if (current.status !== 'pending') return;
    await updateTender(tx, tenderId, { status: 'cancelled' });
    await syncPaid(tx, saleId);
  });
  return getSale(deps, saleId);
}
