import { notFound } from '@spa/kit/errors';
import type { Paise } from '@spa/rules';
import type { BillDraft, ProductLine, ServiceLine } from './bill-input.js';

/** A bill as stored: a priced draft with its invoice number, line ids and audit fields. */
interface StoredServiceLine extends ServiceLine {
  id: string;
  total: Paise;
}

interface StoredProductLine extends ProductLine {
  id: string;
  total: Paise;
}

export interface Actor {
  id: string;
  name: string;
  role: string;
}

/** Who changed a bill when no person did: the recovery at start, an erasure the customer asked for. */
export const SYSTEM_ACTOR: Actor = { id: 'system', name: 'Billing service', role: 'system' };

export interface Bill extends Omit<BillDraft, 'services' | 'products'> {
  id: string;
  invoiceNumber: string;
  financialYear: string;
  services: StoredServiceLine[];
  products: StoredProductLine[];
  subTotal: Paise;
  discountAmount: Paise;
  totalPrice: Paise;
  /** 1 when issued, one more with every change; the stored PDF records the revision it shows. */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: Omit<Actor, 'role'>;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
  /** Why, for a change no person typed in (a bill restored from billing's events, an erasure). */
  note?: string;
}

export interface BillChange {
  revision: number;
  changedAt: Date;
  changedBy: Actor;
  changes: FieldChange[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bill ids are UUIDs; anything else names no bill (404, rather than a database error). */
export function assertBillId(id: string): void {
  if (!UUID.test(id)) throw notFound('Bill not found');
}
