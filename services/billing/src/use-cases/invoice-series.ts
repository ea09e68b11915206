import { AppError, type Logger, type ServiceDeps } from '@spa/kit';
import { newestBillIssuedAt, raiseInvoiceCounters } from '../db/bills.repository.js';
import { formatInvoiceNumber, highestSequences } from '../domain/invoice-number.js';
import { readInvoiceNumbersSince } from '../integrations/bill-topic.js';

/**
 * Kafka stamps an event with the clock of the replica that relayed it, which may run behind the clock
 * of the replica that issued the bill; read from this long before the newest bill.
 */
const CLOCK_SKEW_MARGIN_MS = 10 * 60_000;
/** One attempt to read the topic to its end gives up after this long. */
const READ_TIMEOUT_MS = 30_000;
/** After a failed attempt, the next one waits this long, doubling up to the maximum. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface InvoiceSeriesDeps {
  db: ServiceDeps['db'];
  logger: Logger;
  config: { kafkaBrokers: string[]; kafkaNamespace?: string };
}

export interface InvoiceSeriesResumed {
  /** Kafka was read from this moment (the newest bill in the database, less the skew margin). */
  readFrom: Date;
  messages: number;
  /** The counters raised: each year's next invoice number is the one after `lastSequence`. */
  raised: Array<{ financialYear: string; lastSequence: number }>;
}

/**
 * Runs at start, before billing serves: makes sure no invoice number is handed out twice, even when
 * the database was restored from a backup and has forgotten the bills issued after it.
 *
 * Every bill billing issued or edited went out on its own topic (billing.bill.v1) through the outbox,
 * carrying its invoice number, and Kafka keeps those events whatever happens to the database. A bill
 * the database does not know was issued after the newest bill it does know, and its events were
 * relayed after that bill's commit; so reading the topic from that moment (less a margin for clock
 * skew) to its current end sees every number the database may have forgotten, and the read stays
 * small: the events since the newest bill (none to a few after a plain restart, a day's worth after
 * restoring a day-old backup; the whole topic only for a database without bills). Each year's counter
 * is then raised to the highest of its own value, its database's bills and the numbers read, never
 * lowered, so the series resumes after the highest number ever issued.
 *
 * Not seen: a bill whose event had not left the outbox when the database was lost, and events the
 * topic's retention already deleted (a backup older than the retention; logged as a warning).
 */
export async function resumeInvoiceSeries(deps: InvoiceSeriesDeps): Promise<InvoiceSeriesResumed> {
  const started = Date.now();
  const newest = await newestBillIssuedAt(deps.db);
  const readFrom = new Date(newest ? Math.max(0, newest.getTime() - CLOCK_SKEW_MARGIN_MS) : 0);
  const read = await readInvoiceNumbersSince({
    brokers: deps.config.kafkaBrokers,
    namespace: deps.config.kafkaNamespace,
    sinceMs: readFrom.getTime(),
    timeoutMs: READ_TIMEOUT_MS,
  });
  const raised = await raiseInvoiceCounters(deps.db, highestSequences(read.invoiceNumbers));
  const summary = {
    readFrom,
    messages: read.messages,
    partitions: read.partitions,
    ms: Date.now() - started,
    next: raised.map((row) => formatInvoiceNumber(row.financialYear, row.lastSequence + 1)),
  };
  if (read.retentionGap) {
    deps.logger.warn(
      summary,
      'invoice series: the bill topic no longer keeps every event since the newest bill (retention); ' +
        'numbers issued in that stretch cannot be checked: compare with the invoices handed out',
    );
  }
  deps.logger.info(
    summary,
    raised.length > 0
      ? 'invoice series: counters raised to the highest numbers issued'
      : 'invoice series: counters already past every number issued',
  );
  return { readFrom, messages: read.messages, raised };
}

/** Whether new invoice numbers may be handed out: the series has been checked against Kafka. */
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
 * Resumes the series at start (resumeInvoiceSeries), waiting for that first attempt. When Kafka cannot
 * be read, billing still starts and serves everything but new bills: issuing answers 503 (edits, PDFs
 * and reports go on) while the check is retried in the background, every 5 s and then up to a minute
 * apart, until it succeeds.
 */
export async function startInvoiceSeries(deps: InvoiceSeriesDeps): Promise<InvoiceSeries> {
  let confirmed = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (): Promise<boolean> => {
    try {
      await resumeInvoiceSeries(deps);
      confirmed = true;
    } catch (error) {
      deps.logger.error(
        { err: error },
        'invoice series: could not read the bill topic; new bills are refused until it can be read',
      );
    }
    return confirmed;
  };
  const retry = (delayMs: number) => {
    timer = setTimeout(() => {
      void attempt().then((done) => {
        if (!done && !stopped) retry(Math.min(delayMs * 2, RETRY_MAX_MS));
      });
    }, delayMs);
    timer.unref();
  };
  if (!(await attempt())) retry(RETRY_FIRST_MS);
  return {
    confirmed: () => confirmed,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
