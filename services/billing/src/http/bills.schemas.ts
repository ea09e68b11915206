import { errorResponseSchema, strictObject } from '@spa/kit';
import { DURATIONS, GENDERS, LIMITS, PAYMENT_METHODS } from '../domain/bill-input.js';

/**
 * The bills API. Money is in rupees (numbers with at most 2 decimals; stored as integer paise),
 * rates in percent (0 to 100, at most 2 decimals). The server computes every total: `total` on a
 * line and `subTotal`, `discountAmount`, `totalPrice` on the bill are accepted in a request and
 * ignored. Field rules and messages (Name is required, ...) are checked after the shape below and
 * answered as 400 `{ message, code: 'VALIDATION_FAILED', details: [{ field, message }] }`.
 */

const money = (description: string) => ({ type: 'number', description });
const rate = (description: string) => ({ type: 'number', description });
const optionalText = (description: string) => ({ type: ['string', 'null'], description });

const lineId = {
  type: 'string',
  description: 'A line id from an earlier answer; kept when it is a line of this bill',
};
const ignoredTotal = money('Ignored: the server computes line totals');

const serviceLineInputSchema = strictObject({
  _id: lineId,
  serviceName: { type: 'string', description: 'A row without a name is dropped (the form always shows one)' },
  duration: { type: 'string', description: `${DURATIONS.join(', ')}; default 60 Min` },
  staffAssigned: optionalText('Who gave the service'),
  price: money('Required on a named line; 0 to 1,00,00,000'),
  gst: rate('GST percent, 0 to 100; default 5'),
  discount: rate('Line discount percent, 0 to 100; default 5'),
  total: ignoredTotal,
});

const productLineInputSchema = strictObject({
  _id: lineId,
  productName: { type: 'string', description: 'A row without a name is dropped (the form always shows one)' },
  quantity: { type: 'number', description: `Whole number, 1 to ${LIMITS.maxQuantity}; default 1` },
  unitPrice: money('Required on a named line; 0 to 1,00,00,000'),
  gst: rate('GST percent, 0 to 100; default 5'),
  discount: rate('Line discount percent, 0 to 100; default 5'),
  total: ignoredTotal,
});

export const billInputSchema = {
  ...strictObject({
    name: { type: 'string', description: 'Required: "Name is required"' },
    phone: {
      type: 'string',
      description: 'Required: "Phone is required"; digits, +, spaces, dashes; 7 to 15 digits',
    },
    email: optionalText('Optional; the invoice PDF is emailed to it'),
    customerId: { type: 'string', description: 'Required: "Customer ID is required"' },
    gender: optionalText(`${GENDERS.join(', ')}; optional`),
    date: {
      type: 'string',
      description:
        'The bill date YYYY-MM-DD (an ISO date-time is read as its day in Asia/Kolkata); default today',
    },
    roomNo: { type: ['string', 'number', 'null'], description: 'Optional; answered as text' },
    services: { type: 'array', maxItems: LIMITS.maxLinesPerKind, items: serviceLineInputSchema },
    products: { type: 'array', maxItems: LIMITS.maxLinesPerKind, items: productLineInputSchema },
    discountPercent: rate('Overall discount percent on the sub total, 0 to 100; default 5'),
    paymentMethod: { type: 'string', description: `${PAYMENT_METHODS.join(', ')}; default Cash` },
    advanceAmount: money('0 to 1,00,00,000; default 0. ADDED to the total, as the spec states'),
    advance: money('Alias of advanceAmount (the original form used both names)'),
    subTotal: money('Ignored: computed by the server'),
    discountAmount: money('Ignored: computed by the server'),
    totalPrice: money('Ignored: computed by the server'),
  }),
  description: 'The bill form. At least one service or product line must have a name.',
} as const;

const serviceLineSchema = {
  type: 'object',
  required: ['_id', 'serviceName', 'duration', 'staffAssigned', 'price', 'gst', 'discount', 'total'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    serviceName: { type: 'string' },
    duration: { type: 'string', enum: [...DURATIONS] },
    staffAssigned: { type: 'string' },
    price: { type: 'number' },
    gst: { type: 'number' },
    discount: { type: 'number' },
    total: {
      type: 'number',
      description: 'price × (1 + gst/100) × (1 − discount/100), half up to the paisa',
    },
  },
} as const;

const productLineSchema = {
  type: 'object',
  required: ['_id', 'productName', 'quantity', 'unitPrice', 'gst', 'discount', 'total'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    productName: { type: 'string' },
    quantity: { type: 'integer' },
    unitPrice: { type: 'number' },
    gst: { type: 'number' },
    discount: { type: 'number' },
    total: {
      type: 'number',
      description: 'quantity × unitPrice × (1 + gst/100) × (1 − discount/100), half up to the paisa',
    },
  },
} as const;

const historyEntrySchema = {
  type: 'object',
  required: ['revision', 'changedAt', 'changedBy', 'changes'],
  properties: {
    revision: { type: 'integer', description: 'The revision this edit produced (the bill starts at 1)' },
    changedAt: { type: 'string', format: 'date-time' },
    changedBy: {
      type: 'object',
      required: ['id', 'name', 'role'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field'],
        properties: {
          field: { type: 'string' },
          from: {},
          to: {},
          note: {
            type: 'string',
            description: 'Why, for a change no person made (a bill restored from events, an erasure)',
          },
        },
      },
    },
  },
} as const;

export const billSchema = {
  type: 'object',
  required: [
    '_id',
    'id',
    'invoiceNumber',
    'name',
    'phone',
    'customerId',
    'gender',
    'date',
    'roomNo',
    'services',
    'products',
    'discountPercent',
    'paymentMethod',
    'advanceAmount',
    'subTotal',
    'discountAmount',
    'totalPrice',
    'revision',
    'createdAt',
    'updatedAt',
    'createdBy',
  ],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    id: { type: 'string', format: 'uuid', description: 'The same as _id' },
    invoiceNumber: {
      type: 'string',
      description:
        'INV/<financial year, short>/<6 digits>, e.g. INV/26-27/000123 (at most 16 characters, as GST requires); a number issued with the year written long (INV/2026-27/000123) keeps it',
    },
    name: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string', description: 'Present only when the bill has one' },
    customerId: { type: 'string' },
    gender: { type: ['string', 'null'], enum: [...GENDERS, null] },
    date: { type: 'string', format: 'date' },
    roomNo: { type: 'string' },
    services: { type: 'array', items: serviceLineSchema },
    products: { type: 'array', items: productLineSchema },
    discountPercent: { type: 'number' },
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    advanceAmount: { type: 'number' },
    subTotal: { type: 'number', description: 'The sum of the line totals' },
    discountAmount: { type: 'number', description: 'subTotal × discountPercent/100, half up to the paisa' },
    totalPrice: { type: 'number', description: 'subTotal − discountAmount + advanceAmount' },
    revision: { type: 'integer', description: '1 when issued, one more with every saved change' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    createdBy: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    history: {
      type: 'array',
      items: historyEntrySchema,
      description: 'Who changed what and when; on GET /bills/{id} and PUT answers only',
    },
  },
} as const;

const rupeesIncome = { type: 'number', description: 'Sum of totalPrice, rupees' };

export const billListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: {
      type: 'string',
      maxLength: 100,
      description: 'Name (case-insensitive) or customer ID contains',
    },
    startDate: { type: 'string', format: 'date', description: 'YYYY-MM-DD, inclusive (by the bill date)' },
    endDate: { type: 'string', format: 'date', description: 'YYYY-MM-DD, inclusive (by the bill date)' },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;

export const billListSchema = {
  type: 'object',
  required: ['bills', 'total', 'page', 'pageSize', 'summary'],
  properties: {
    bills: { type: 'array', items: billSchema, description: 'Newest first (by creation)' },
    total: { type: 'integer', description: 'Bills matching the search and date range' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    summary: {
      type: 'object',
      description:
        'Income over all bills (not narrowed by search) by bill date, days in Asia/Kolkata. range is present when startDate or endDate is given.',
      required: ['today', 'last7Days', 'last30Days', 'allTime'],
      properties: {
        today: rupeesIncome,
        last7Days: { ...rupeesIncome, description: 'Today and the 6 days before' },
        last30Days: { ...rupeesIncome, description: 'One calendar month back to today' },
        allTime: rupeesIncome,
        range: { ...rupeesIncome, description: 'Bills dated within startDate..endDate' },
      },
    },
  },
} as const;

export const billIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The bill _id' } },
} as const;

export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
} as const;
