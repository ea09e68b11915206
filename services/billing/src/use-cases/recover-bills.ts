import { billRevisions, newestBillChange, restoreBillSnapshot } from '../db/bill-restore.repository.js';
import { raiseInvoiceCounters, recordBillChange } from '../db/bills.repository.js';
import {
  knownDocumentIds,
  newestDocumentIssue,
  raiseDocumentCounters,
  restoreDocument,
} from '../db/documents.repository.js';
import { integrityRefused } from '../db/pg-errors.js';
import { SYSTEM_ACTOR } from '../domain/bill.js';
import { billFromSnapshot, isWholeBillSnapshot, type RestoredBill } from '../domain/bill-snapshot.js';
import { formatInvoiceNumber, highestSequences } from '../domain/invoice-number.js';
import { readBillsSince } from '../integrations/bill-topic.js';
import { readDocumentsSince } from '../integrations/document-topic.js';
import type { BillingContext } from './context.js';

/**
 * Kafka stamps an event with the clock of the replica that relayed it, which may run behind the clock
 * of the replica that changed the bill; read from this long before the newest change.
 */
const CLOCK_SKEW_MARGIN_MS = 10 * 60_000;
/** One attempt to read the topic to its end gives up after this long. */
const READ_TIMEOUT_MS = 30_000;

export const RESTORED_NOTE = 'Restored from billing’s events after its database was restored from a backup';

export interface BillsRecovered {
  /** Kafka was read from this moment (the newest change in the database, less the skew margin). */
  readFrom: Date;
  messages: number;
  /** The counters raised: each year's next invoice number is the one after `lastSequence`. */
  raised: Array<{ financialYear: string; lastSequence: number }>;
  /** Bills read (their newest snapshot each), and what was done with them. */
  read: number;
  inserted: number;
  updated: number;
  /**
   * Not written back: a snapshot published before the bill events carried the whole bill, one no bill
   * can hold, or one whose invoice number another bill of the database holds (each logged).
   */
  skipped: number;
  /** Tax documents (invoices from sales and orders, credit notes) read back and written back. */
  documents: { read: number; restored: number };
}

/**
 * Runs at start, before billing serves: gives back to a database restored from a backup the bills
 * issued or edited after the backup, and makes sure no invoice number is handed out twice.
 *
 * Every bill billing issued or edited (or erased a customer from) went out on its own topic
 * (billing.bill.v1) through the outbox, carrying the whole bill as it was after the change (its
 * invoice number, customer, money, revision and lines), and Kafka keeps those events whatever happens
 * to the database. A bill the database lacks (or holds at an older revision) changed after the newest
 * change the database knows, and its event was relayed after that; so reading the topic from that
 * moment (less a margin for clock skew) to its current end sees all of them, and the read stays small:
 * none to a few events after a plain restart, a day's worth after restoring a day-old backup, the whole
 * topic only for a database without bills. One read serves both ends:
 * - each year's invoice counter is raised first to the highest of its own value, its database's bills
 *   and the numbers read, never lowered, so the series resumes after the highest number ever issued;
 * - then each bill's newest snapshot is written back when the row is missing or of an older revision
 *   (db/bill-restore.repository.ts: one upsert that never overwrites a newer revision, its lines
 *   replaced), with a history entry by the system saying it was restored. Nothing is published (the
 *   events are on the bus already), nobody is emailed and no PDF is rendered: a download renders one
 *   (use-cases/invoice-pdf.ts). A customer erased after the backup stays erased: the erasure announced
 *   each bill it changed (events/handlers/user-erased.handler.ts), so the newest snapshot is erased too;
 *   a bill past its retention comes back with its customer and the next retention sweep erases it again.
 *
 * Not recovered: a bill whose event had not left the outbox when the database was lost (nor its number),
 * events the topic's retention already deleted (a backup older than the retention; logged as a
 * warning), bills whose newest event was published before the bill events carried the whole bill
 * (logged and counted as skipped; their numbers still count), and what no event carries: a restored
 * bill's edit history (one entry, "restored") and its cached PDF.
 */
export async function recoverBills(
  deps: Pick<BillingContext, 'db' | 'logger' | 'config'>,
): Promise<BillsRecovered> {
  const started = Date.now();
  const newest = await newestBillChange(deps.db);
  const readFrom = new Date(newest ? Math.max(0, newest.getTime() - CLOCK_SKEW_MARGIN_MS) : 0);
  const read = await readBillsSince({
    brokers: deps.config.kafkaBrokers,
    namespace: deps.config.kafkaNamespace,
    sinceMs: readFrom.getTime(),
    timeoutMs: READ_TIMEOUT_MS,
  });
  // The numbers first: every number read counts, whether its bill is written back or not, and none may
  // be handed out again even if writing the bills back fails below.
  const raised = await raiseInvoiceCounters(deps.db, highestSequences(read.invoiceNumbers));
  // The tax documents take their INV numbers from the same series, and credit notes have their own:
  // both resume past every number the documents table and billing's document events show.
  const documents = await recoverDocuments(deps);
  // Oldest change first: should an attempt fail midway, the newest change the database then has is
  // older than every bill not yet written back, so the next attempt reads their events again.
  const snapshots = [...read.snapshots.values()].sort((a, b) => Number(a.updatedAtMs - b.updatedAtMs));
  const revisions = await billRevisions(
    deps.db,
    snapshots.map((snapshot) => snapshot.billId),
  );
  let inserted = 0;
  let updated = 0;
  let skipped = 0;
  const skip = (snapshot: (typeof snapshots)[number], reason: string, details: object = {}) => {
    deps.logger.warn(
      {
        billId: snapshot.billId,
        invoiceNumber: snapshot.invoiceNumber,
        revision: snapshot.revision,
        ...details,
      },
      `bill recovery: not restored, ${reason}`,
    );
    skipped += 1;
  };
  for (const snapshot of snapshots) {
    const known = revisions.get(snapshot.billId);
    if (known !== undefined && known >= snapshot.revision) continue;
    if (!isWholeBillSnapshot(snapshot)) {
      skip(snapshot, 'its newest event is from before bill events carried the whole bill');
      continue;
    }
    let bill: RestoredBill;
    try {
      bill = billFromSnapshot(snapshot);
    } catch (error) {
      skip(snapshot, 'its newest event shows no bill billing could hold', { err: error });
      continue;
    }
    try {
      const written = await deps.db.transaction(async (tx) => {
        if (!(await restoreBillSnapshot(tx, bill))) return false;
        await recordBillChange(tx, bill.id, {
          revision: bill.revision,
          changedAt: new Date(),
          changedBy: SYSTEM_ACTOR,
          changes: [{ field: 'restored', from: known ?? null, to: bill.revision, note: RESTORED_NOTE }],
        });
        return true;
      });
      if (written) {
        if (known === undefined) inserted += 1;
        else updated += 1;
      }
    } catch (error) {
      const constraint = integrityRefused(error);
      if (!constraint) throw error;
      // Another bill of the database holds its invoice number: it is left for the accountant to sort out.
      skip(snapshot, 'the database holds another bill under its invoice number', { constraint });
    }
  }
  const counts = { read: snapshots.length, inserted, updated, skipped };
  const summary = {
    readFrom,
    messages: read.messages,
    partitions: read.partitions,
    ...counts,
    ms: Date.now() - started,
    next: raised.map((row) => formatInvoiceNumber(row.financialYear, row.lastSequence + 1)),
  };
  if (read.retentionGap) {
    deps.logger.warn(
      summary,
      'bill recovery: the bill topic no longer keeps every event since the newest bill change (retention); ' +
        'bills and numbers of that stretch cannot be recovered: compare with the invoices handed out',
    );
  }
  deps.logger.info(
    summary,
    inserted + updated > 0
      ? 'bill recovery: bills written back from billing’s events; invoice series past every number issued'
      : raised.length > 0
        ? 'bill recovery: invoice counters raised to the highest numbers issued'
        : 'bill recovery: the database already has every bill and number its events show',
  );
  return { readFrom, messages: read.messages, raised, ...counts, documents };
}

/**
 * The tax documents' part of the recovery: reads billing.document.v1 from shortly before the newest
 * document the database has, raises both counters past every number it and the table show, then
 * writes back the documents the database lacks (invoices before their credit notes). Nothing is
 * published or emailed again; a PDF renders on download.
 */
async function recoverDocuments(
  deps: Pick<BillingContext, 'db' | 'logger' | 'config'>,
): Promise<{ read: number; restored: number }> {
  const newest = await newestDocumentIssue(deps.db);
  const read = await readDocumentsSince({
    brokers: deps.config.kafkaBrokers,
    namespace: deps.config.kafkaNamespace,
    sinceMs: newest ? Math.max(0, newest.getTime() - CLOCK_SKEW_MARGIN_MS) : 0,
    timeoutMs: READ_TIMEOUT_MS,
  });
  const documents = [...read.documents.values()];
  const highest = (kind: string) => {
    const seen = new Map<string, number>();
    for (const document of documents.filter((candidate) => candidate.kind === kind))
      seen.set(document.financialYear, Math.max(seen.get(document.financialYear) ?? 0, document.sequence));
    return seen;
  };
  const raised = await raiseDocumentCounters(deps.db, {
    invoices: highest('invoice'),
    creditNotes: highest('credit_note'),
  });
  const known = await knownDocumentIds(
    deps.db,
    documents.map((document) => document.id),
  );
  let restored = 0;
  const missing = documents
    .filter((document) => !known.has(document.id))
    .sort((a, b) =>
      a.kind === b.kind ? a.createdAt.getTime() - b.createdAt.getTime() : a.kind === 'invoice' ? -1 : 1,
    );
  for (const document of missing) {
    try {
      if (await deps.db.transaction((tx) => restoreDocument(tx, document))) restored += 1;
    } catch (error) {
      const constraint = integrityRefused(error);
      if (!constraint) throw error;
      deps.logger.warn(
        { documentId: document.id, number: document.number, constraint },
        'document recovery: not restored, the database holds another document under its number or source',
      );
    }
  }
  if (read.retentionGap)
    deps.logger.warn(
      { raised },
      'document recovery: the document topic no longer keeps every event since the newest document (retention)',
    );
  if (raised.length > 0 || restored > 0)
    deps.logger.info(
      { raised, read: documents.length, restored },
      'document recovery: series resumed past every document number',
    );
  return { read: documents.length, restored };
}
