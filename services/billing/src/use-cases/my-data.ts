import { notFound, type AuthUser, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import { eraseBillContacts, findBill, lockBillsOfContact } from '../db/bills.repository.js';
import { deleteInvoicePdfsOf } from '../db/invoice-pdfs.repository.js';
import { billIdsIssuedTo, isBillIssuedTo } from '../db/my-data.repository.js';
import { SYSTEM_ACTOR, type Bill } from '../domain/bill.js';
import { billEventPayload } from '../events/publishes.js';
import type { BillingContext } from './context.js';
import { invoicePdfForDownload } from './invoice-pdf.js';

/**
 * Bills are typed in by staff and carry no account id: a customer's bills are those issued to their
 * email. Only a token whose email identity had verified sees them (an unverified account could have
 * been registered with someone else's address); everyone else gets an empty list.
 */
function ownerEmail(user: AuthUser): string | undefined {
  return user.emailVerified && user.email ? user.email.trim().toLowerCase() : undefined;
}

/** Billing's part of "Download my data": the bills issued to the caller, and how they were matched. */
export async function exportMyBills(
  deps: Pick<BillingContext, 'db'>,
  user: AuthUser,
): Promise<{ bills: Bill[]; matchedBy: 'email' | null }> {
  const email = ownerEmail(user);
  if (!email) return { bills: [], matchedBy: null };
  const ids = await billIdsIssuedTo(deps.db, email);
  const found = await Promise.all(ids.map((id) => findBill(deps.db, id)));
  return { bills: found.flatMap((bill) => (bill ? [bill] : [])), matchedBy: 'email' };
}

/** The PDF of one bill issued to the caller; another customer's bill is answered exactly like a missing one. */
export async function myBillPdf(deps: BillingContext, user: AuthUser, id: string) {
  const email = ownerEmail(user);
  const mine = email ? await isBillIssuedTo(deps.db, id, email) : false;
  if (!mine) throw notFound('Bill not found');
  return invoicePdfForDownload(deps, id);
}

/** The history note of an erasure. */
export const ERASED_NOTE = 'The customer’s phone and email were erased at their request';

/** The last ten digits of a phone number (Indian mobile numbers), or undefined when it has fewer. */
function phoneKey(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
}

/**
 * The customer deleted their account (identity.user.erased), all inside `tx`, the consumer's
 * transaction. Bills are GST tax invoices: the CGST rules (rule 56, section 36) require them to be
 * kept for 72 months, so they are NOT deleted. What is kept is the minimum: the name as printed on the
 * invoice, the lines and the amounts. The customer's phone and email are removed from every bill issued
 * to them (matched by email, case-insensitive, or by the last ten digits of the phone, since bills are
 * typed in by staff and carry no account id), from those bills' edit history, and any cached PDF of
 * them is dropped (the next download re-renders it without them).
 *
 * Each bill erased moves to its next revision (a history entry by the system) and is announced as
 * billing.bill.updated, carrying the bill without them: billing's own events are what a database
 * restored from a backup gets its bills back from (use-cases/recover-bills.ts), so the newest one must
 * not carry what was erased. The email being gone, no invoice is emailed for it. Idempotent: a bill
 * erased already is not matched again.
 */
export async function eraseContact(
  deps: Pick<BillingContext, 'publish' | 'now'>,
  tx: Tx,
  contact: { email: string; phone: string },
): Promise<void> {
  const email = contact.email.trim().toLowerCase();
  const phone = phoneKey(contact.phone);
  if (!email && !phone) return;
  const found = await lockBillsOfContact(tx, { email, phoneKey: phone });
  if (found.length === 0) return;
  const fields = new Map(found.map((bill) => [bill.id, erasedFields(bill)]));
  const erased = await eraseBillContacts(
    tx,
    found.map((bill) => ({ id: bill.id, fields: fields.get(bill.id)! })),
    { actor: SYSTEM_ACTOR, now: deps.now?.() ?? new Date(), note: ERASED_NOTE },
  );
  await deleteInvoicePdfsOf(
    tx,
    erased.map((bill) => bill.id),
  );
  for (const bill of erased) {
    await deps.publish(tx, events.billUpdated, bill.id, {
      bill: billEventPayload(bill),
      changedFields: fields.get(bill.id),
      updatedById: SYSTEM_ACTOR.id,
    });
  }
}

/** What an erasure removes from a bill: its phone and its email, those it still has. */
function erasedFields(bill: { phone: string; email: string | null }): Array<'phone' | 'email'> {
  return [
    ...(bill.phone !== '' ? (['phone'] as const) : []),
    ...(bill.email !== null ? (['email'] as const) : []),
  ];
}
