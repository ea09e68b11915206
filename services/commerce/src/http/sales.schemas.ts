import { strictObject } from '@spa/kit';
import type { RefundLine, Sale, SaleRefund } from '../db/sales.repository.js';
import { balanceOf } from '../use-cases/sale-events.js';

/**
 * The counter's sale API shapes: money in integer paise (`...Paise`), rates in basis points (`gstBp`,
 * 1800 = 18%), ids uuids as `id`.
 */

const uuid = { type: 'string', format: 'uuid' } as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
/** ₹1 crore: far above any counter sale, far below where sums could lose precision. */
const MAX_PAISE = 1_000_000_000;
const paise = (description?: string) => ({
  type: 'integer',
  minimum: 0,
  maximum: MAX_PAISE,
  ...(description ? { description } : {}),
});
const text = (maxLength: number) => ({ type: 'string', maxLength });

export const saleParams = strictObject({ id: uuid }, ['id']);
export const tenderParams = strictObject({ id: uuid, tenderId: uuid }, ['id', 'tenderId']);

const customerBody = strictObject(
  {
    id: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'The customer’s account id, when they have one',
    },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    phone: text(40),
    email: text(254),
    gstin: { ...text(15), description: 'For a B2B invoice; checked by its checksum (422 GSTIN_INVALID)' },
  },
  ['name'],
);

export const createSaleBody = strictObject({
  appointmentIds: {
    type: 'array',
    minItems: 1,
    maxItems: 6,
    items: uuid,
    description: 'The visit’s appointments (one customer’s); omit for a walk-in',
  },
  customer: customerBody,
});

const lineBody = strictObject(
  {
    id: { ...uuid, description: 'A line already on the sale; omit for a new one' },
    kind: { type: 'string', enum: ['service', 'product', 'addon', 'tip'] },
    itemId: {
      ...uuid,
      description: 'product: the product (its name, price and tax come from the catalogue)',
    },
    name: { ...text(200), description: 'addon and a service added at the counter' },
    quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    unitPricePaise: paise('Tax-inclusive; addon, tip and a service added at the counter (ignored otherwise)'),
    lineDiscountPaise: paise(),
    lineDiscountReason: text(200),
    employeeId: { type: 'string', minLength: 1, maxLength: 100, description: 'tip: the therapist it is for' },
    employeeName: text(200),
    appointmentId: uuid,
  },
  ['kind', 'quantity'],
);

export const editSaleBody = strictObject(
  {
    version: {
      type: 'integer',
      minimum: 1,
      description: 'The version the desk last saw (409 SALE_CHANGED when stale)',
    },
    lines: { type: 'array', maxItems: 100, items: lineBody },
    saleDiscountPaise: paise('Shared over the items (never a tip)'),
    saleDiscountReason: text(200),
    customer: customerBody,
  },
  ['version', 'lines', 'saleDiscountPaise'],
);

export const completeBody = strictObject({ version: { type: 'integer', minimum: 1 } }, ['version']);

export const tenderBody = strictObject(
  {
    method: { type: 'string', enum: ['cash', 'card_terminal', 'razorpay'] },
    amountPaise: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAISE,
      description: 'At most the balance (422 OVERPAYMENT)',
    },
    cashReceivedPaise: paise('cash: what the customer handed over (default the amount)'),
    reference: { ...text(100), description: 'card_terminal: the slip’s reference (required)' },
  },
  ['method', 'amountPaise'],
);

export const refundBody = strictObject(
  {
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: strictObject({ lineId: uuid, quantity: { type: 'integer', minimum: 1, maximum: 1000 } }, [
        'lineId',
        'quantity',
      ]),
    },
    method: { type: 'string', enum: ['cash', 'card_terminal', 'razorpay'] },
    reason: { type: 'string', minLength: 1, maxLength: 500 },
    restock: {
      type: 'boolean',
      description: 'Products put back on the shelf: a product line returned whole',
    },
  },
  ['lines', 'method', 'reason', 'restock'],
);

export const listQuery = strictObject({
  status: { type: 'string', enum: ['open', 'completed', 'voided'] },
  customerId: { type: 'string', minLength: 1, maxLength: 100 },
  page: { type: 'integer', minimum: 1, maximum: 100_000 },
  limit: { type: 'integer', minimum: 1, maximum: 100 },
});

export const balancesQuery = strictObject({ customerId: { type: 'string', minLength: 1, maxLength: 100 } }, [
  'customerId',
]);

const lineSchema = {
  type: 'object',
  properties: {
    id: uuid,
    kind: { type: 'string' },
    itemId: { type: ['string', 'null'] },
    name: { type: 'string' },
    taxCode: { type: 'string', description: 'SAC (services, add-ons) or HSN (products); empty for a tip' },
    gstBp: { type: 'integer' },
    quantity: { type: 'integer' },
    unitPricePaise: { type: 'integer' },
    lineDiscountPaise: { type: 'integer' },
    lineDiscountReason: { type: 'string' },
    saleDiscountSharePaise: { type: 'integer' },
    totalPaise: { type: 'integer' },
    appointmentId: { type: ['string', 'null'] },
    employeeId: { type: ['string', 'null'] },
    employeeName: { type: 'string' },
    roomNumber: { type: 'string' },
  },
} as const;

const tenderSchema = {
  type: 'object',
  properties: {
    id: uuid,
    method: { type: 'string', enum: ['cash', 'card_terminal', 'razorpay', 'online'] },
    status: { type: 'string', enum: ['pending', 'paid', 'failed', 'cancelled'] },
    amountPaise: { type: 'integer' },
    cashReceivedPaise: { type: 'integer' },
    changePaise: { type: 'integer' },
    reference: { type: 'string' },
    linkUrl: { type: ['string', 'null'], description: 'razorpay: the payment link (show it as a QR)' },
    createdAt: date,
    paidAt: nullableDate,
  },
} as const;

export const saleSchema = {
  type: 'object',
  properties: {
    id: uuid,
    status: { type: 'string', enum: ['open', 'completed', 'voided'] },
    version: { type: 'integer' },
    customer: {
      type: 'object',
      properties: {
        id: { type: ['string', 'null'] },
        name: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        gstin: { type: 'string' },
      },
    },
    appointmentIds: { type: 'array', items: { type: 'string' } },
    lines: { type: 'array', items: lineSchema },
    saleDiscountPaise: { type: 'integer' },
    saleDiscountReason: { type: 'string' },
    discountApproval: { type: 'string', enum: ['none', 'pending', 'approved'] },
    tenders: { type: 'array', items: tenderSchema },
    totalPaise: { type: 'integer' },
    tipPaise: { type: 'integer' },
    discountPaise: { type: 'integer' },
    paidPaise: { type: 'integer' },
    balancePaise: { type: 'integer', description: 'total − paid: what the customer still owes' },
    cashierName: { type: 'string' },
    openedAt: date,
    completedAt: nullableDate,
    invoice: {
      type: 'null',
      description: 'Always null: the invoice is billing’s (GET /tax-documents?saleId=)',
    },
  },
} as const;

export const saleListSchema = {
  type: 'object',
  properties: {
    sales: { type: 'array', items: saleSchema },
    page: { type: 'integer' },
    pages: { type: 'integer' },
    total: { type: 'integer' },
  },
} as const;

export const refundAnswerSchema = {
  type: 'object',
  properties: {
    refund: {
      type: 'object',
      properties: {
        id: uuid,
        saleId: uuid,
        method: { type: 'string', enum: ['cash', 'card_terminal', 'razorpay'] },
        status: { type: 'string', enum: ['requested', 'processed', 'failed'] },
        amountPaise: { type: 'integer' },
        reason: { type: 'string' },
        restocked: { type: 'boolean' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { lineId: uuid, quantity: { type: 'integer' }, amountPaise: { type: 'integer' } },
          },
        },
        createdAt: date,
        processedAt: nullableDate,
      },
    },
    sale: saleSchema,
  },
} as const;

export const balancesSchema = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    balancePaise: { type: 'integer' },
    sales: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: uuid, completedAt: nullableDate, balancePaise: { type: 'integer' } },
      },
    },
  },
} as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentSale(sale: Sale) {
  return {
    id: sale.id,
    status: sale.status,
    version: sale.version,
    customer: {
      id: sale.customerId,
      name: sale.customerName,
      phone: sale.customerPhone,
      email: sale.customerEmail,
      gstin: sale.customerGstin,
    },
    appointmentIds: sale.appointmentIds,
    lines: sale.lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      itemId: line.itemId,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      lineDiscountPaise: line.lineDiscountPaise,
      lineDiscountReason: line.lineDiscountReason,
      saleDiscountSharePaise: line.saleDiscountSharePaise,
      totalPaise: line.totalPaise,
      appointmentId: line.appointmentId,
      employeeId: line.employeeId,
      employeeName: line.employeeName,
      roomNumber: line.roomNumber,
    })),
    saleDiscountPaise: sale.saleDiscountPaise,
    saleDiscountReason: sale.saleDiscountReason,
    discountApproval: sale.discountApproval,
    tenders: sale.tenders.map((tender) => ({
      id: tender.id,
      method: tender.method,
      status: tender.status,
      amountPaise: tender.amountPaise,
      cashReceivedPaise: tender.cashReceivedPaise,
      changePaise: tender.changePaise,
      reference: tender.reference,
      linkUrl: tender.providerLinkUrl,
      createdAt: tender.createdAt.toISOString(),
      paidAt: iso(tender.paidAt),
    })),
    totalPaise: sale.totalPaise,
    tipPaise: sale.tipPaise,
    discountPaise: sale.discountPaise,
    paidPaise: sale.paidPaise,
    balancePaise: balanceOf(sale),
    cashierName: sale.cashierName,
    openedAt: sale.openedAt.toISOString(),
    completedAt: iso(sale.completedAt),
    invoice: null,
  };
}

export function presentRefund(refund: SaleRefund & { lines: RefundLine[] }) {
  return {
    id: refund.id,
    saleId: refund.saleId,
    method: refund.method,
    status: refund.status,
    amountPaise: refund.amountPaise,
    reason: refund.reason,
    restocked: refund.restocked,
    lines: refund.lines.map((line) => ({
      lineId: line.lineId,
      quantity: line.quantity,
      amountPaise: line.amountPaise,
    })),
    createdAt: refund.createdAt.toISOString(),
    processedAt: iso(refund.processedAt),
  };
}
