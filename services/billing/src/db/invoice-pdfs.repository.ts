import type { Queryable } from '@spa/kit';
import { eq, lte, sql } from 'drizzle-orm';
import { invoicePdfs } from './schema.js';

export interface StoredInvoicePdf {
  billRevision: number;
  pdf: Buffer;
  renderedAt: Date;
}

export async function findInvoicePdf(db: Queryable, billId: string): Promise<StoredInvoicePdf | undefined> {
  const [row] = await db
    .select({
      billRevision: invoicePdfs.billRevision,
      pdf: invoicePdfs.pdf,
      renderedAt: invoicePdfs.renderedAt,
    })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.billId, billId));
  return row;
}

/**
 * Stores a bill's rendered PDF, replacing the one before. A render of an older revision that finishes
 * late (a slow job, an on-demand render racing the worker) never replaces a newer one.
 */
export async function storeInvoicePdf(
  db: Queryable,
  pdf: { billId: string; billRevision: number; pdf: Buffer; renderMs: number; renderedAt: Date },
): Promise<void> {
  await db
    .insert(invoicePdfs)
    .values(pdf)
    .onConflictDoUpdate({
      target: invoicePdfs.billId,
      set: {
        billRevision: sql`excluded.bill_revision`,
        pdf: sql`excluded.pdf`,
        renderMs: sql`excluded.render_ms`,
        renderedAt: sql`excluded.rendered_at`,
      },
      setWhere: lte(invoicePdfs.billRevision, sql`excluded.bill_revision`),
    });
}

/** Deletes the cached PDFs of the given bills. */
export async function deleteInvoicePdfsOf(db: Queryable, billIds: string[]): Promise<void> {
  const ids = sql.join(
    billIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`delete from invoice_pdfs where bill_id in (${ids})`);
}
