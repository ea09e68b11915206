import { describe, expect, it } from 'vitest';
import { invoiceOfSale, readDocumentList } from './tax-documents.api';

const documents = readDocumentList({
  documents: [
    {
      id: 'd1',
      kind: 'invoice',
      number: 'INV/26-27/000124',
      sourceKind: 'sale',
      sourceId: 's1',
      issueDate: '2026-12-07',
      totalPaise: 118_000,
    },
    {
      id: 'd2',
      kind: 'credit_note',
      number: 'CN/26-27/000001',
      sourceKind: 'sale_refund',
      sourceId: 'r1',
      saleId: 's1',
      totalPaise: 500,
    },
    {
      id: 'd3',
      kind: 'invoice',
      number: 'INV/26-27/000125',
      sourceKind: 'order',
      sourceId: 'o1',
      totalPaise: '12',
    },
    { kind: 'invoice' },
  ],
  page: 1,
});

describe('readDocumentList', () => {
  it("reads a sale's and an order's id from the document's source, and drops one without an id", () => {
    expect(documents.map(({ id, saleId, orderId }) => ({ id, saleId, orderId }))).toEqual([
      { id: 'd1', saleId: 's1', orderId: null },
      { id: 'd2', saleId: 's1', orderId: null },
      { id: 'd3', saleId: null, orderId: 'o1' },
    ]);
    // A bigint column may arrive as a string: still paise.
    expect(documents[2]!.totalPaise).toBe(12);
  });
});

describe('invoiceOfSale', () => {
  it("links a checked-out visit to its sale's invoice, never to the sale's credit note", () => {
    expect(invoiceOfSale(documents, 's1')?.id).toBe('d1');
    expect(invoiceOfSale(documents.slice(1), 's1')).toBeUndefined();
    expect(invoiceOfSale(documents, undefined)).toBeUndefined();
  });
});
