import { create } from '@bufbuild/protobuf';
import { billingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { billEventPayload } from '../events/publishes.js';
import type { Bill } from './bill.js';
import { billFromSnapshot, isWholeBillSnapshot } from './bill-snapshot.js';

const bill: Bill = {
  id: '9b2f6f3e-8d7c-4b1a-9f00-3c2d1e0f5a6b',
  invoiceNumber: 'INV/26-27/000042',
  financialYear: '2026-27',
  name: 'Asha Verma',
  phone: '+91 98765 43210',
  email: 'asha@example.com',
  customerId: 'CUST-0042',
  gender: 'Female',
  date: '2026-11-21',
  roomNo: '12',
  discountPercent: 500,
  paymentMethod: 'UPI',
  advanceAmount: 10_000,
  services: [
    {
      id: '1b2f6f3e-8d7c-4b1a-9f00-3c2d1e0f5a61',
      serviceName: 'Swedish Massage',
      duration: '60 Min',
      staffAssigned: 'Meera',
      price: 250_000,
      gst: 500,
      discount: 500,
      total: 249_375,
    },
    {
      id: '1b2f6f3e-8d7c-4b1a-9f00-3c2d1e0f5a62',
      serviceName: 'Head Massage',
      duration: '30 Min',
      staffAssigned: '',
      price: 80_000,
      gst: 1_800,
      discount: 0,
      total: 94_400,
    },
  ],
  products: [
    {
      id: '2b2f6f3e-8d7c-4b1a-9f00-3c2d1e0f5a63',
      productName: 'Lavender Essential Oil',
      quantity: 2,
      unitPrice: 64_999,
      gst: 500,
      discount: 500,
      total: 129_673,
    },
  ],
  subTotal: 473_448,
  discountAmount: 23_672,
  totalPrice: 459_776,
  revision: 3,
  createdAt: new Date('2026-11-21T05:00:00.000Z'),
  updatedAt: new Date('2026-11-22T06:30:00.000Z'),
  createdBy: { id: 'a0000000-0000-4000-8000-000000000001', name: 'Riya Admin' },
};

const snapshotOf = (value: Bill) => create(billingV1.BillSchema, billEventPayload(value));

describe('a bill from its newest event', () => {
  it('is the bill the event was made from: header, money, revision, times, issuer and every line', () => {
    expect(billFromSnapshot(snapshotOf(bill))).toEqual({ ...bill, invoiceSequence: 42 });
  });

  it('takes back a bill numbered with the year written long, under its own number', () => {
    const older: Bill = { ...bill, invoiceNumber: 'INV/2026-27/000042' };
    expect(billFromSnapshot(snapshotOf(older))).toEqual({ ...older, invoiceSequence: 42 });
  });

  it('keeps what an erased or bare bill leaves empty empty: no email, no gender, no lines of a kind', () => {
    const bare: Bill = { ...bill, email: null, gender: null, phone: '', products: [] };
    expect(billFromSnapshot(snapshotOf(bare))).toMatchObject({
      email: null,
      gender: null,
      phone: '',
      products: [],
    });
  });

  it('puts the lines in their positions whatever order they arrive in', () => {
    const snapshot = snapshotOf(bill);
    snapshot.serviceLines.reverse();
    expect(billFromSnapshot(snapshot).services.map((line) => line.serviceName)).toEqual([
      'Swedish Massage',
      'Head Massage',
    ]);
  });

  it('refuses an event from before the bill events carried the whole bill', () => {
    const old = create(billingV1.BillSchema, {
      billId: bill.id,
      invoiceNumber: bill.invoiceNumber,
      billDate: bill.date,
      paymentMethod: 'Cash',
      revision: 1,
      updatedAtMs: 1n,
    });
    expect(isWholeBillSnapshot(old)).toBe(false);
    expect(isWholeBillSnapshot(snapshotOf(bill))).toBe(true);
    expect(() => billFromSnapshot(old)).toThrow(/whole bill/);
  });

  it('refuses what no bill can hold', () => {
    const broken = (change: (snapshot: billingV1.Bill) => void) => {
      const snapshot = snapshotOf(bill);
      change(snapshot);
      return () => billFromSnapshot(snapshot);
    };
    expect(broken((s) => (s.paymentMethod = 'Cheque'))).toThrow(/payment method/);
    expect(broken((s) => (s.gender = 'x'))).toThrow(/gender/);
    expect(broken((s) => (s.serviceLines[0]!.duration = '90 Min'))).toThrow(/duration/);
    expect(broken((s) => (s.invoiceNumber = 'INV-42'))).toThrow(/invoice number/);
    expect(broken((s) => (s.billDate = '2027-04-01'))).toThrow(/does not belong/);
    expect(broken((s) => (s.billId = 'nope'))).toThrow(/UUID/);
    expect(broken((s) => (s.totalPaise = -1n))).toThrow(/out of range/);
  });
});
