import { bullConnection, trackQueueDepth, type Logger } from '@spa/kit';
import { Queue, Worker, type Job } from 'bullmq';
import type { BillingConfig } from './config.js';
import { startDocumentPdfWorker } from './document-worker.js';
import type { Bill } from './domain/bill.js';
import type { BillingContext } from './use-cases/context.js';
import { refreshInvoicePdf } from './use-cases/invoice-pdf.js';

export const INVOICE_PDF_QUEUE = 'billing.invoice-pdf';

export interface InvoicePdfJob {
  billId: string;
  revision: number;
}

/**
 * One job per saved version of a bill. BullMQ 5 refuses ':' in custom job ids, so the id is
 * `<bill id>.<updatedAt ms>`: the same version enqueued twice (a retried request) is one job.
 */
export function invoicePdfJobId(bill: Pick<Bill, 'id' | 'updatedAt'>): string {
  return `${bill.id}.${bill.updatedAt.getTime()}`;
}

export interface InvoicePdfQueue {
  /** Asks for the bill's PDF to be (re)rendered. Never throws: a download renders a missing PDF anyway. */
  enqueue(bill: Bill): Promise<void>;
  close(): Promise<void>;
}

export function createInvoicePdfQueue(config: BillingConfig, logger: Logger): InvoicePdfQueue {
  const connection = bullConnection(config.redisUrl);
  const queue = new Queue<InvoicePdfJob>(INVOICE_PDF_QUEUE, { connection, prefix: config.queuePrefix });
  queue.on('error', (error) => logger.warn({ err: error }, 'invoice PDF queue error'));
  // Its depth on /metrics: the HPA scales billing on the waiting renders (infra/deploy).
  const untrack = trackQueueDepth(queue);
  return {
    async enqueue(bill) {
      try {
        await queue.add(
          'render',
          { billId: bill.id, revision: bill.revision },
          {
            jobId: invoicePdfJobId(bill),
            attempts: 5,
            backoff: { type: 'exponential', delay: 2_000 },
            removeOnComplete: { age: 24 * 3600, count: 1_000 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
        );
      } catch (error) {
        logger.warn(
          { err: error, billId: bill.id },
          'could not enqueue the invoice PDF; it renders on download',
        );
      }
    },
    async close() {
      untrack();
      await queue.close();
      connection.disconnect();
    },
  };
}

/**
 * Renders invoice PDFs as bills are issued and edited, and the tax documents' PDFs as they are issued
 * (document-worker.ts), with the process's one warm browser.
 */
export function startInvoicePdfWorker(deps: BillingContext): () => Promise<void> {
  const stopDocumentWorker = startDocumentPdfWorker(deps);
  const connection = bullConnection(deps.config.redisUrl);
  const worker = new Worker<InvoicePdfJob>(
    INVOICE_PDF_QUEUE,
    async (job: Job<InvoicePdfJob>) => {
      const outcome = await refreshInvoicePdf(deps, job.data.billId);
      deps.logger.info({ billId: job.data.billId, jobId: job.id, outcome }, 'invoice PDF job done');
      return outcome;
    },
    { connection, prefix: deps.config.queuePrefix, concurrency: deps.config.pdfWorkerConcurrency },
  );
  worker.on('failed', (job, error) =>
    deps.logger.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'invoice PDF job failed'),
  );
  worker.on('error', (error) => deps.logger.warn({ err: error }, 'invoice PDF worker error'));
  void deps.renderer
    .warmUp()
    .catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'Chromium did not start yet; renders will retry'),
    );
  return async () => {
    await Promise.all([worker.close(), stopDocumentWorker()]);
    connection.disconnect();
  };
}
