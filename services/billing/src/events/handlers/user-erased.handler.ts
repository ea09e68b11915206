import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { sql } from 'drizzle-orm';

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
 * PDF of them is dropped (the next download re-renders it without them). Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload) => {
  const email = payload.email.trim().toLowerCase();
  const phone = phoneKey(payload.phone);
  if (!email && !phone) return;
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from bills
    where (${email} <> '' and lower(email) = ${email})
       or (${phone ?? ''} <> '' and right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) = ${phone ?? ''})
    for update`);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`update bills set phone = '', email = null where id in (${idList})`);
  await tx.execute(sql`
    update bill_history set changes = (
      select coalesce(jsonb_agg(
        case when change->>'field' in ('phone', 'email')
          then change || '{"from": null, "to": null}'::jsonb else change end), '[]'::jsonb)
      from jsonb_array_elements(changes) as change)
    where bill_id in (${idList}) and jsonb_typeof(changes) = 'array'`);
  await tx.execute(sql`delete from invoice_pdfs where bill_id in (${idList})`);
};
