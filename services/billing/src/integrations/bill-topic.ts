/**
 * Reads back what billing itself published on its bill topic since a moment: the invoice numbers of
 * every bill event sent to Kafka from then on. Billing asks at start, so that a database restored
 * from a backup never hands out again a number that the bills issued after the backup already used
 * (use-cases/invoice-series.ts). The bounded read itself is the kit's readTopicSince.
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
}

/** The bill topic's invoice numbers from `sinceMs` to the current end of every partition. */
export async function readInvoiceNumbersSince(options: BillTopicReadOptions): Promise<BillTopicReadResult> {
  const invoiceNumbers: string[] = [];
  const read = await readTopicSince(
    { ...options, topic: events.billIssued.topic, reader: 'billing.invoice-series' },
    (value) => {
      const invoiceNumber = invoiceNumberOf(value);
      if (invoiceNumber) invoiceNumbers.push(invoiceNumber);
    },
  );
  return { ...read, invoiceNumbers };
}

/** The invoice number a bill event (issued or updated) carries; undefined for anything else. */
function invoiceNumberOf(value: Buffer | null): string | undefined {
  if (!value) return undefined;
  try {
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, value);
    if (envelope.type === events.billIssued.type) {
      return fromBinary(billingV1.BillIssuedSchema, envelope.payload).bill?.invoiceNumber;
    }
    if (envelope.type === events.billUpdated.type) {
      return fromBinary(billingV1.BillUpdatedSchema, envelope.payload).bill?.invoiceNumber;
    }
  } catch {
    // not one of billing's events: nothing to learn from it
  }
  return undefined;
}
