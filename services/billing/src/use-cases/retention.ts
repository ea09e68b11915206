import { startPeriodicTask } from '@spa/kit';
import {
  eraseBillCustomers,
  lockBillsPastRetention,
  tryLockInvoiceRetentionSweep,
} from '../db/bills.repository.js';
import { deleteInvoicePdfsOf } from '../db/invoice-pdfs.repository.js';
import { lastFinancialYearPastRetention } from '../domain/retention.js';
import type { BillingContext } from './context.js';

const BATCH = 500;
/** What a bill past retention shows instead of its customer's name. */
export const RETENTION_ERASED = 'Erased';

/**
 * Bills whose legal retention has run out (domain/retention.ts) keep their numbers, lines and amounts
 * (the books still add up) but lose their customer: name, phone, email, customer id and gender, the same
 * fields in their edit history, and any cached PDF. A batch per transaction under a transaction-scoped
 * advisory lock, so replicas never sweep together. Answers how many bills were erased, or null when
 * another replica held the lock. Idempotent: an erased bill is not picked again.
 */
export async function sweepInvoicesPastRetention(
  deps: BillingContext,
  now = new Date(),
): Promise<number | null> {
  const lastYear = lastFinancialYearPastRetention(now, deps.config.retention.invoiceMonths);
  if (!lastYear) return 0;
  let total = 0;
  for (;;) {
    const erased = await deps.db.transaction(async (tx) => {
      if (!(await tryLockInvoiceRetentionSweep(tx))) return null;
      const ids = await lockBillsPastRetention(tx, lastYear, RETENTION_ERASED, BATCH);
      if (ids.length === 0) return 0;
      await eraseBillCustomers(tx, ids, RETENTION_ERASED);
      await deleteInvoicePdfsOf(tx, ids);
      return ids.length;
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
export function startInvoiceRetentionSweep(deps: BillingContext): () => Promise<void> {
  if (deps.config.retention.invoiceMonths <= 0) return () => Promise.resolve();
  return startPeriodicTask(
    () => sweepInvoicesPastRetention(deps),
    deps.config.retention.sweepIntervalSeconds,
    deps.logger,
    'invoice retention sweep',
  );
}
