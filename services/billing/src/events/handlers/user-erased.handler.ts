import type { EventHandler, Publish } from '@spa/kit';
import { events } from '@spa/proto';
import { eraseBillContacts, lockBillsOfContact } from '../../db/bills.repository.js';
import { deleteInvoicePdfsOf } from '../../db/invoice-pdfs.repository.js';
import { SYSTEM_ACTOR } from '../../domain/bill.js';
import { billEventPayload } from '../publishes.js';

/** The history note of an erasure. */
export const ERASED_NOTE = 'The customer’s phone and email were erased at their request';

/** The last ten digits of a phone number (Indian mobile numbers), or undefined when it has fewer. */
function phoneKey(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
}

/**
 * identity.user.erased. Bills are GST tax invoices: the CGST rules (rule 56, section 36) require them
 * to be kept for 72 months, so they are NOT deleted. What is kept is the minimum: the name as printed
 * on the invoice, the lines and the amounts. The customer's phone and email are removed from every bill
 * issued to them (matched by email, case-insensitive, or by the last ten digits of the phone, since
 * bills are typed in by staff and carry no account id), from those bills' edit history, and any cached
 * PDF of them is dropped (the next download re-renders it without them).
 *
 * Each bill erased moves to its next revision (a history entry by the system) and is announced as
 * billing.bill.updated, carrying the bill without them: billing's own events are what a database
 * restored from a backup gets its bills back from (use-cases/recover-bills.ts), so the newest one must
 * not carry what was erased. The email being gone, no invoice is emailed for it. Idempotent: a bill
 * erased already is not matched again.
 */
export const userErased =
  (deps: { publish: Publish; now?: () => Date }): EventHandler<typeof events.userErased> =>
  async (tx, payload) => {
    const email = payload.email.trim().toLowerCase();
    const phone = phoneKey(payload.phone);
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
  };

/** What an erasure removes from a bill: its phone and its email, those it still has. */
function erasedFields(bill: { phone: string; email: string | null }): Array<'phone' | 'email'> {
  return [
    ...(bill.phone !== '' ? (['phone'] as const) : []),
    ...(bill.email !== null ? (['email'] as const) : []),
  ];
}
