import { startPeriodicTask, type Logger, type ServiceDeps } from '@spa/kit';
import { sql } from 'drizzle-orm';
import { lastFinancialYearPastRetention } from '../domain/retention.js';

/** Advisory lock key of the sweep: one replica sweeps at a time. */
const INVOICE_RETENTION_LOCK_KEY = 7_311_005;
const BATCH = 500;
/** What a bill past retention shows instead of its customer's name. */
export const RETENTION_ERASED = 'Erased';

export interface RetentionDeps {
  db: ServiceDeps['db'];
  logger: Logger;
  config: { retention: { invoiceMonths: number } };
}

/**
 * Bills whose legal retention has run out (domain/retention.ts) keep their numbers, lines and amounts
 * (the books still add up) but lose their customer: name, phone, email, customer id and gender, the same
 * fields in their edit history, and any cached PDF. A batch per transaction under a transaction-scoped
 * advisory lock, so replicas never sweep together. Answers how many bills were erased, or null when
 * another replica held the lock. Idempotent: an erased bill is not picked again.
 */
export async function sweepInvoicesPastRetention(
  deps: RetentionDeps,
  now = new Date(),
): Promise<number | null> {
  const lastYear = lastFinancialYearPastRetention(now, deps.config.retention.invoiceMonths);
  if (!lastYear) return 0;
  let total = 0;
  for (;;) {
    const erased = await deps.db.transaction(async (tx) => {
      const { rows: lock } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${INVOICE_RETENTION_LOCK_KEY}) as locked`,
      );
      if (!lock[0]?.locked) return null;
      const { rows } = await tx.execute<{ id: string }>(sql`
        select id from bills
        where financial_year <= ${lastYear}
          and not (name = ${RETENTION_ERASED} and phone = '' and email is null and customer_id = '' and gender is null)
        order by financial_year, invoice_sequence
        limit ${BATCH}
        for update skip locked`);
      if (rows.length === 0) return 0;
      const ids = sql.join(
        rows.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`
        update bills set name = ${RETENTION_ERASED}, phone = '', email = null, customer_id = '', gender = null
        where id in (${ids})`);
      await tx.execute(sql`
        update bill_history set changes = (
          select coalesce(jsonb_agg(
            case when change->>'field' in ('name', 'phone', 'email', 'customerId', 'gender')
              then change || '{"from": null, "to": null}'::jsonb else change end), '[]'::jsonb)
          from jsonb_array_elements(changes) as change)
        where bill_id in (${ids}) and jsonb_typeof(changes) = 'array'`);
      await tx.execute(sql`delete from invoice_pdfs where bill_id in (${ids})`);
      return rows.length;
    });
    if (erased === null) return total === 0 ? null : total;
    total += erased;
    if (erased < BATCH) break;
  }
  if (total > 0)
    deps.logger.info(
      { count: total, upToFinancialYear: lastYear },
      'retention: invoices past retention erased',
    );
  return total;
}

/** Starts the periodic sweep (unref'd, so it never keeps a process alive); answers its stopper. */
export function startInvoiceRetentionSweep(
  deps: RetentionDeps & { config: { retention: { invoiceMonths: number; sweepIntervalSeconds: number } } },
): () => Promise<void> {
  if (deps.config.retention.invoiceMonths <= 0) return () => Promise.resolve();
  return startPeriodicTask(
    () => sweepInvoicesPastRetention(deps),
    deps.config.retention.sweepIntervalSeconds,
    deps.logger,
    'invoice retention sweep',
  );
}
