import { strictObject } from '@spa/kit';
import { MANUAL_MOVEMENT_KINDS, MAX_DRAWER_PAISE } from '../domain/drawer.js';

/**
 * The cash drawer's request and response shapes. Money is integer paise in fields named `…Paise`;
 * days are Asia/Kolkata calendar days, YYYY-MM-DD.
 */

const uuid = { type: 'string', format: 'uuid' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const paise = (description: string, minimum = 0) =>
  ({ type: 'integer', minimum, maximum: MAX_DRAWER_PAISE, description }) as const;
const day = (description: string) =>
  ({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description }) as const;

export const shiftParams = strictObject({ id: uuid }, ['id']);

export const openShiftBody = strictObject(
  { openingFloatPaise: paise('The cash put in the drawer to give change from (0 allowed)') },
  ['openingFloatPaise'],
);

export const movementBody = strictObject(
  {
    kind: {
      type: 'string',
      enum: [...MANUAL_MOVEMENT_KINDS],
      description: 'in (cash put in), out (cash taken out) or tip_payout (a tip paid to a therapist in cash)',
    },
    amountPaise: paise('How much, always positive: the kind says which way it goes', 1),
    reason: { type: 'string', maxLength: 500, description: 'Why; required for in and out' },
    employeeId: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_.:-]+$',
      description: 'The therapist a tip is paid out to; required for tip_payout',
    },
  },
  ['kind', 'amountPaise'],
);

export const closeShiftBody = strictObject(
  {
    countedCashPaise: paise('The cash counted in the drawer'),
    note: {
      type: 'string',
      maxLength: 1000,
      description: 'Why the count differs from the expected cash; required when it does',
    },
  },
  ['countedCashPaise'],
);

export const listShiftsQuery = strictObject({
  from: day('First day the shifts were opened on (default: 6 days before `to`)'),
  to: day('Last day, included (default: today)'),
});

export const dayReportQuery = strictObject({ date: day('The day, Asia/Kolkata') }, ['date']);

const movementSchema = {
  type: 'object',
  required: ['id', 'kind', 'amountPaise', 'reason', 'employeeId', 'saleId', 'recordedAt'],
  properties: {
    id: uuid,
    kind: { type: 'string', enum: ['float', 'sale', 'in', 'out', 'tip_payout', 'refund'] },
    amountPaise: { type: 'integer', description: 'Signed: positive into the drawer, negative out of it' },
    reason: { type: 'string' },
    employeeId: { type: ['string', 'null'], description: 'The therapist of a tip payout' },
    saleId: { type: ['string', 'null'], description: 'The sale of a cash sale or refund' },
    recordedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const shiftSchema = {
  type: 'object',
  required: [
    'id',
    'status',
    'openingFloatPaise',
    'expectedCashPaise',
    'countedCashPaise',
    'differencePaise',
    'closeNote',
    'openedByName',
    'closedByName',
    'openedAt',
    'closedAt',
    'movements',
  ],
  properties: {
    id: uuid,
    status: { type: 'string', enum: ['open', 'closed'] },
    openingFloatPaise: { type: 'integer' },
    expectedCashPaise: {
      type: 'integer',
      description: 'The sum of the movements: live while open, as it stood at the close once closed',
    },
    countedCashPaise: { type: ['integer', 'null'] },
    differencePaise: { type: ['integer', 'null'], description: 'counted − expected; negative when short' },
    closeNote: { type: 'string' },
    openedByName: { type: 'string' },
    closedByName: { type: ['string', 'null'] },
    openedAt: { type: 'string', format: 'date-time' },
    closedAt: nullableDate,
    movements: { type: 'array', items: movementSchema, description: 'Oldest first, the float first' },
  },
} as const;

export const currentShiftSchema = {
  type: 'object',
  required: ['shift'],
  properties: { shift: { anyOf: [shiftSchema, { type: 'null' }], description: 'The open shift, or null' } },
} as const;

export const shiftListSchema = {
  type: 'object',
  required: ['shifts'],
  properties: { shifts: { type: 'array', items: shiftSchema, description: 'Newest first' } },
} as const;

const count = { type: 'integer' } as const;
const zFiguresProperties = {
  sales: {
    type: 'object',
    description: 'Sales completed in the period',
    required: ['count', 'totalPaise', 'tipPaise', 'discountPaise'],
    properties: { count, totalPaise: count, tipPaise: count, discountPaise: count },
  },
  tenders: {
    type: 'object',
    description: 'Money taken in the period by method (paid tenders, cash net of change)',
    required: ['cash', 'card_terminal', 'razorpay', 'online'],
    properties: { cash: count, card_terminal: count, razorpay: count, online: count },
  },
  refunds: {
    type: 'object',
    description: 'Refunds of sales given back in the period',
    required: ['count', 'totalPaise', 'cashPaise'],
    properties: { count, totalPaise: count, cashPaise: count },
  },
  movements: {
    type: 'object',
    description: 'Cash put in, taken out and tips paid out of the drawer, each as a positive amount',
    required: ['in', 'out', 'tipPayouts'],
    properties: { in: count, out: count, tipPayouts: count },
  },
  openingFloatPaise: count,
  expectedCashPaise: count,
  countedCashPaise: {
    type: ['integer', 'null'],
    description: 'Null until every shift of the report is closed',
  },
  differencePaise: { type: ['integer', 'null'], description: 'counted − expected; null until closed' },
} as const;
const zFiguresRequired = Object.keys(zFiguresProperties);

export const shiftZReportSchema = {
  type: 'object',
  description:
    'The drawer figures of the shift, and the sales, tenders and refunds from its opening to its close (to now while open)',
  required: ['shift', ...zFiguresRequired],
  properties: { shift: shiftSchema, ...zFiguresProperties },
} as const;

export const dayZReportSchema = {
  type: 'object',
  description:
    'The drawer figures of the shifts opened on the day, and the sales, tenders and refunds of the calendar day',
  required: ['date', 'timeZone', 'shifts', ...zFiguresRequired],
  properties: {
    date: { type: 'string' },
    timeZone: { type: 'string', description: 'Asia/Kolkata' },
    shifts: { type: 'array', items: shiftSchema, description: 'Oldest first' },
    ...zFiguresProperties,
  },
} as const;
