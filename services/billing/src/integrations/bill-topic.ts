/**
 * Reads back what billing itself published on its bill topic since a moment: the invoice numbers of
 * every bill event sent to Kafka from then on, and the newest snapshot of every bill among them.
 * Billing asks at start, so that a database restored from a backup never hands out again a number the
 * bills issued after the backup already used, and gets those bills (and the edits made after the
 * backup) back (use-cases/recover-bills.ts). The bounded read itself is the kit's readTopicSince.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { readTopicSince, type TopicReadResult } from '@spa/kit';
import { billingV1, envelopeV1, events } from '@spa/proto';

export interface BillTopicReadOptions {
  brokers: string[];
  /** KAFKA_NAMESPACE: the prefix of every topic and consumer group of this deployment. */
  namespace?: string;
  /** Read every message whose Kafka timestamp is at or after this moment (epoch ms; 0 = everything). */
  sinceMs: number;
  /** Give up (reject) when the read has not reached the end of every partition by then. */
  timeoutMs: number;
}

export interface BillTopicReadResult extends TopicReadResult {
  /** The invoice numbers the bill events read carried (one per event; repeats for updated bills). */
  invoiceNumbers: string[];
  /** Per bill id, the bill as its newest event read showed it (the highest revision). */
  snapshots: Map<string, billingV1.Bill>;
}

// Both bill events go to one topic (billing.bill.v1, keyed by the bill id, so one bill's events are
// read in the order they were written).
const BILL_TOPIC = events.billIssued.topic;
if (events.billUpdated.topic !== BILL_TOPIC) throw new Error('every bill event is expected on one topic');

/** The bill topic's invoice numbers and bills from `sinceMs` to the current end of every partition. */
export async function readBillsSince(options: BillTopicReadOptions): Promise<BillTopicReadResult> {
  const invoiceNumbers: string[] = [];
  const snapshots = new Map<string, billingV1.Bill>();
  const read = await readTopicSince(
    { ...options, topic: BILL_TOPIC, reader: 'billing.bill-recovery' },
    (value) => {
      const bill = billOf(value);
      if (!bill) return;
      if (bill.invoiceNumber) invoiceNumbers.push(bill.invoiceNumber);
      if (!bill.billId) return;
      // The newest revision wins; of two events of one revision (a resend), the later read.
      const known = snapshots.get(bill.billId);
      if (!known || bill.revision >= known.revision) snapshots.set(bill.billId, bill);
    },
  );
  return { ...read, invoiceNumbers, snapshots };
}

/** The bill a bill event (issued or updated) carries; undefined for anything else. */
function billOf(value: Buffer | null): billingV1.Bill | undefined {
  if (!value) return undefined;
  try {
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, value);
    if (envelope.type === events.billIssued.type) {
      return fromBinary(billingV1.BillIssuedSchema, envelope.payload).bill;
    }
    if (envelope.type === events.billUpdated.type) {
      return fromBinary(billingV1.BillUpdatedSchema, envelope.payload).bill;
    }
  } catch {
    // not one of billing's events: nothing to learn from it
  }
  return undefined;
}
