import { AppError, retryUntilDone } from '@spa/kit';
import type { BillingContext } from './context.js';
import { recoverBills } from './recover-bills.js';

/**
 * Whether new invoice numbers may be handed out: the bills and the series have been checked against
 * billing's events on Kafka since this process started (use-cases/recover-bills.ts).
 */
export interface InvoiceSeries {
  confirmed(): boolean;
  /** Stops retrying (on shutdown). */
  stop(): void;
}

/**
 * What `issueBill` throws while the series is not confirmed: without Kafka billing cannot know the
 * numbers a restored database forgot, and a tax invoice number must never be handed out twice.
 */
export const invoiceSeriesUnconfirmed = () =>
  new AppError(
    503,
    'INVOICE_NUMBERING_UNCONFIRMED',
    'Invoice numbering is being checked against the invoices already issued. Please try again in a minute.',
  );

/**
 * Recovers the bills and resumes the series at start (recoverBills), waiting for that first attempt.
 * When Kafka cannot be read, billing still starts and serves everything but new bills: issuing answers
 * 503 (edits, PDFs and reports go on) while the recovery is retried in the background (the kit's
 * retryUntilDone: every 5 s and then up to a minute apart) until it succeeds. An edit meanwhile of a
 * bill the restore made older is overwritten by nothing older: the recovery never writes over a newer
 * revision (and the edit's own event is the bill's newest).
 */
export async function startInvoiceSeries(
  deps: Pick<BillingContext, 'db' | 'logger' | 'config'>,
): Promise<InvoiceSeries> {
  const run = await retryUntilDone({
    attempt: () => recoverBills(deps),
    onFailure: (error) =>
      deps.logger.error(
        { err: error },
        'bill recovery: could not read the bill topic; new bills are refused until it can be read',
      ),
  });
  return { confirmed: run.done, stop: run.stop };
}
