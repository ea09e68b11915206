/**
 * Reads back what billing published on its document topic (billing.document.v1) since a moment: every
 * tax invoice and credit note issued from then on, whole. At start, after a database restored from a
 * backup, their numbers keep both series (INV shared with the manual bills, CN) past every number ever
 * issued, and the documents the backup lacks are written back (use-cases/recover-bills.ts).
 */
import { fromBinary } from '@bufbuild/protobuf';
import { readTopicSince, type TopicReadResult } from '@spa/kit';
import { billingV1, envelopeV1, events } from '@spa/proto';
import type {
  DocumentKind,
  DocumentLineKind,
  DocumentSourceKind,
  TaxDocument,
} from '../domain/tax-document.js';
import type { BillTopicReadOptions } from './bill-topic.js';

export interface DocumentTopicReadResult extends TopicReadResult {
  /** Every document read, by id (a document never changes, so any copy is the document). */
  documents: Map<string, TaxDocument>;
}

export async function readDocumentsSince(options: BillTopicReadOptions): Promise<DocumentTopicReadResult> {
  const documents = new Map<string, TaxDocument>();
  const read = await readTopicSince(
    { ...options, topic: events.documentIssued.topic, reader: 'billing.document-recovery' },
    (value) => {
      const document = documentOf(value);
      if (document?.documentId && document.number) documents.set(document.documentId, fromEvent(document));
    },
  );
  return { ...read, documents };
}

function documentOf(value: Buffer | null): billingV1.TaxDocument | undefined {
  if (!value) return undefined;
  try {
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, value);
    if (envelope.type === events.documentIssued.type)
      return fromBinary(billingV1.TaxDocumentIssuedSchema, envelope.payload).document;
  } catch {
    // not one of billing's events: nothing to learn from it
  }
  return undefined;
}

/** The document a billing.document.issued event carries, as billing stores it. */
function fromEvent(event: billingV1.TaxDocument): TaxDocument {
  return {
    id: event.documentId,
    kind: event.kind as DocumentKind,
    number: event.number,
    financialYear: event.financialYear,
    sequence: event.sequence,
    sourceKind: event.sourceKind as DocumentSourceKind,
    sourceId: event.sourceId,
    ...(event.originalDocumentId
      ? {
          original: {
            id: event.originalDocumentId,
            number: event.originalNumber,
            issueDate: '',
          },
        }
      : {}),
    issueDate: event.issueDate,
    supplierGstin: event.supplierGstin,
    supplierStateCode: event.supplierStateCode,
    placeOfSupply: event.placeOfSupply,
    customer: {
      id: event.customerId,
      name: event.customerName,
      email: event.customerEmail,
      phone: event.customerPhone,
      gstin: event.customerGstin,
    },
    lines: event.lines.map((line) => ({
      position: line.position,
      kind: line.kind as DocumentLineKind,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity: line.quantity,
      unitPricePaise: Number(line.unitPricePaise),
      discountPaise: Number(line.discountPaise),
      taxablePaise: Number(line.taxablePaise),
      cgstPaise: Number(line.cgstPaise),
      sgstPaise: Number(line.sgstPaise),
      igstPaise: Number(line.igstPaise),
      totalPaise: Number(line.totalPaise),
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    })),
    taxablePaise: Number(event.taxablePaise),
    cgstPaise: Number(event.cgstPaise),
    sgstPaise: Number(event.sgstPaise),
    igstPaise: Number(event.igstPaise),
    tipPaise: Number(event.tipPaise),
    totalPaise: Number(event.totalPaise),
    payments: event.payments.map((payment) => ({
      method: payment.method,
      amountPaise: Number(payment.amountPaise),
      reference: payment.reference,
    })),
    balancePaise: Number(event.balancePaise),
    branchId: event.branchId,
    irn: event.irn,
    createdAt: new Date(Number(event.createdAtMs)),
  };
}
