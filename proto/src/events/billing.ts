import * as billing from '../../gen/spa/billing/v1/events_pb.js';
import { defineEvent } from '../define.js';

// Not compacted: each event is a fact a consumer acts on (the notification service emails the invoice
// when a bill is issued), so an older event of a bill must not vanish behind a newer one.
export const billingEvents = {
  billIssued: defineEvent('billing.bill.issued', billing.BillIssuedSchema, 'billing.bill.v1'),
  billUpdated: defineEvent('billing.bill.updated', billing.BillUpdatedSchema, 'billing.bill.v1'),
  documentIssued: defineEvent(
    'billing.document.issued',
    billing.TaxDocumentIssuedSchema,
    'billing.document.v1',
  ),
} as const;
