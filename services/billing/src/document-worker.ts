import { bullConnection, trackQueueDepth, type Logger } from '@spa/kit';
import { Queue, Worker, type Job } from 'bullmq';
import type { BillingConfig } from './config.js';
import type { BillingContext } from './use-cases/context.js';
import { renderDocumentPdfJob } from './use-cases/tax-document-pdf.js';

const DOCUMENT_PDF_QUEUE = 'billing.tax-document-pdf';

interface DocumentPdfJob {
  documentId: string;
}

export interface DocumentPdfQueue {
  /** Asks for the document's PDF. Never throws: a download renders a missing PDF anyway. */
  enqueue(documentId: string): Promise<void>;
  close(): Promise<void>;
}

/** One job per document (its id is the job id: a document is rendered once, it never changes). */
export function createDocumentPdfQueue(config: BillingConfig, logger: Logger): DocumentPdfQueue {
  const connection = bullConnection(config.redisUrl);
  const queue = new Queue<DocumentPdfJob>(DOCUMENT_PDF_QUEUE, { connection, prefix: config.queuePrefix });
  queue.on('error', (error) => logger.warn({ err: error }, 'tax document PDF queue error'));
  const untrack = trackQueueDepth(queue);
  return {
    async enqueue(documentId) {
      try {
        await queue.add(
          'render',
          { documentId },
          {
            jobId: documentId,
            // The job is enqueued inside the transaction that issues the document: the first attempt
            // may come before the commit and find nothing, so the retries start soon.
            attempts: 8,
            backoff: { type: 'exponential', delay: 500 },
            removeOnComplete: { age: 24 * 3600, count: 1_000 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
        );
      } catch (error) {
        logger.warn(
          { err: error, documentId },
          'could not enqueue the tax document PDF; it renders on download',
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

/** Renders the tax documents' PDFs as they are issued, with the process's one warm browser. */
export function startDocumentPdfWorker(deps: BillingContext): () => Promise<void> {
  const connection = bullConnection(deps.config.redisUrl);
  const worker = new Worker<DocumentPdfJob>(
    DOCUMENT_PDF_QUEUE,
    async (job: Job<DocumentPdfJob>) => {
      const outcome = await renderDocumentPdfJob(deps, job.data.documentId);
      deps.logger.info(
        { documentId: job.data.documentId, jobId: job.id, outcome },
        'tax document PDF job done',
      );
      return outcome;
    },
    { connection, prefix: deps.config.queuePrefix, concurrency: deps.config.pdfWorkerConcurrency },
  );
  worker.on('failed', (job, error) =>
    deps.logger.warn(
      { err: error, jobId: job?.id, attempts: job?.attemptsMade },
      'tax document PDF job failed',
    ),
  );
  worker.on('error', (error) => deps.logger.warn({ err: error }, 'tax document PDF worker error'));
  return async () => {
    await worker.close();
    connection.disconnect();
  };
}
