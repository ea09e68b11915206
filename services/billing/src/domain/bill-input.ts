import { AppError } from '@spa/kit/errors';
import {
  billTotals,
  FULL_RATE,
  productAmount,
  toHundredths,
  type BasisPoints,
  type BillTotals,
  type Paise,
} from '@spa/rules';
import { parseBillDate, todayInKolkata, type CalendarDate } from './calendar.js';

/** The bill form as a client sends it (spec sections 2, 3 and 5), in rupees and percent. */
interface ServiceLineInput {
  _id?: string;
  serviceName?: string;
  duration?: string;
  staffAssigned?: string | null;
  price?: number;
  gst?: number;
  discount?: number;
  /** Computed by the server; a client's value is ignored. */
  total?: number;
}

interface ProductLineInput {
  _id?: string;
  productName?: string;
  quantity?: number;
  unitPrice?: number;
  gst?: number;
  discount?: number;
  total?: number;
}

export interface BillInput {
  name?: string;
  phone?: string;
  email?: string | null;
  customerId?: string;
  gender?: string | null;
  date?: string;
  roomNo?: string | number | null;
  services?: ServiceLineInput[];
  products?: ProductLineInput[];
  discountPercent?: number;
  paymentMethod?: string;
  advanceAmount?: number;
  /** The original form's other name for advanceAmount. */
  advance?: number;
  subTotal?: number;
  discountAmount?: number;
  totalPrice?: number;
}

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const PAYMENT_METHODS = ['Cash', 'UPI', 'Card'] as const;
export const DURATIONS = ['30 Min', '45 Min', '60 Min'] as const;
type Gender = (typeof GENDERS)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type Duration = (typeof DURATIONS)[number];

/** The spec's form defaults (section 9), used for whatever a client leaves out. */
const BILL_DEFAULTS = {
  duration: '60 Min' as Duration,
  gst: 5,
  discount: 5,
  discountPercent: 5,
  paymentMethod: 'Cash' as PaymentMethod,
  quantity: 1,
  advanceAmount: 0,
};

export const LIMITS = {
  nameLength: 100,
  lineNameLength: 120,
  customerIdLength: 64,
  roomNoLength: 20,
  staffLength: 100,
  emailLength: 254,
  maxLinesPerKind: 100,
  /** ₹1,00,00,000 per price, unit price or advance keeps every total an exact safe integer. */
  maxAmount: 1_000_000_000,
  maxQuantity: 10_000,
};

export interface ServiceLine {
  /** Kept from the client when it names a line of this bill, so line ids survive edits. */
  id?: string;
  serviceName: string;
  duration: Duration;
  staffAssigned: string;
  price: Paise;
  gst: BasisPoints;
  discount: BasisPoints;
}

export interface ProductLine {
  id?: string;
  productName: string;
  quantity: number;
  unitPrice: Paise;
  gst: BasisPoints;
  discount: BasisPoints;
}

/** A valid bill in the server's units (paise, basis points), before pricing. */
export interface BillDraft {
  name: string;
  phone: string;
  email: string | null;
  customerId: string;
  gender: Gender | null;
  date: CalendarDate;
  roomNo: string;
  discountPercent: BasisPoints;
  paymentMethod: PaymentMethod;
  advanceAmount: Paise;
  services: ServiceLine[];
  products: ProductLine[];
}

export interface PricedBill extends BillDraft {
  services: (ServiceLine & { total: Paise })[];
  products: (ProductLine & { total: Paise })[];
  totals: BillTotals;
}

interface FieldProblem {
  field: string;
  message: string;
}

// Digits with an optional leading +, spaces and dashes between them; 7 to 15 digits in all.
const PHONE_SHAPE = /^\+?[\d\s-]+$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Problems {
  readonly list: FieldProblem[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
}

function text(value: string | number | null | undefined): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

// Control characters (NUL above all, which Postgres text cannot hold) never belong in a bill's text.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Checks a text field's length and characters; `required` adds the spec's "<label> is required". */
function checkedText(
  problems: Problems,
  field: string,
  value: string | number | null | undefined,
  label: string,
  maxLength: number,
  required = false,
): string {
  const trimmed = text(value);
  if (required && trimmed === '') problems.add(field, `${label} is required`);
  else if (trimmed.length > maxLength)
    problems.add(field, `${label} must be at most ${maxLength} characters`);
  else if (CONTROL_CHARACTERS.test(trimmed))
    problems.add(field, `${label} contains characters that are not allowed`);
  return trimmed;
}

const requiredText = (
  problems: Problems,
  field: string,
  value: string | undefined,
  label: string,
  max: number,
) => checkedText(problems, field, value, label, max, true);
const optionalText = checkedText;

function choice<T extends string>(
  problems: Problems,
  field: string,
  value: string | undefined,
  choices: readonly T[],
  fallback: T,
  message: string,
): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) problems.add(field, message);
  return value as T;
}

/** A rate in percent (0 to 100, two decimals) as basis points. */
function rate(problems: Problems, field: string, value: number | undefined, fallback: number, label: string) {
  const bp = toHundredths(value ?? fallback);
  if (bp === undefined || bp > FULL_RATE) {
    problems.add(field, `${label} must be between 0 and 100 with at most 2 decimals`);
    return 0;
  }
  return bp;
}

/** An amount in rupees (0 up to the limit, two decimals) as paise. */
function money(problems: Problems, field: string, value: number, label: string): Paise {
  const paise = toHundredths(value);
  if (paise === undefined) {
    problems.add(field, `${label} must be 0 or more with at most 2 decimals`);
    return 0;
  }
  if (paise > LIMITS.maxAmount) {
    problems.add(field, `${label} must be at most ₹1,00,00,000`);
    return 0;
  }
  return paise;
}

function phoneNumber(problems: Problems, value: string | undefined): string {
  const phone = requiredText(problems, 'phone', value, 'Phone', 32);
  if (phone === '') return phone;
  const digits = phone.replace(/\D/g, '').length;
  if (!PHONE_SHAPE.test(phone) || digits < 7 || digits > 15) {
    problems.add('phone', 'Phone must have 7 to 15 digits (digits, +, spaces and dashes only)');
  }
  return phone;
}

function emailAddress(problems: Problems, value: string | null | undefined): string | null {
  const email = optionalText(problems, 'email', value, 'Email', LIMITS.emailLength);
  if (email === '') return null;
  if (!EMAIL_SHAPE.test(email)) problems.add('email', 'Email must be a valid email address');
  return email.toLowerCase();
}

function billDate(problems: Problems, value: string | undefined, now: Date): CalendarDate {
  if (value === undefined || value.trim() === '') return todayInKolkata(now);
  const date = parseBillDate(value);
  if (!date) problems.add('date', 'Date must be a valid date (YYYY-MM-DD)');
  return date ?? todayInKolkata(now);
}

function advanceAmount(problems: Problems, input: BillInput): Paise {
  const { advanceAmount: amount, advance } = input;
  if (amount !== undefined && advance !== undefined && amount !== advance) {
    problems.add('advanceAmount', 'Send advanceAmount or advance, not both with different values');
  }
  return money(problems, 'advanceAmount', amount ?? advance ?? BILL_DEFAULTS.advanceAmount, 'Advance amount');
}

function serviceLine(problems: Problems, line: ServiceLineInput, index: number): ServiceLine {
  const at = (field: string) => `services.${index}.${field}`;
  if (line.price === undefined) problems.add(at('price'), 'Service price is required');
  return {
    id: line._id,
    serviceName: optionalText(
      problems,
      at('serviceName'),
      line.serviceName,
      'Service name',
      LIMITS.lineNameLength,
    ),
    duration: choice(
      problems,
      at('duration'),
      line.duration,
      DURATIONS,
      BILL_DEFAULTS.duration,
      'Duration must be 30 Min, 45 Min or 60 Min',
    ),
    staffAssigned: optionalText(
      problems,
      at('staffAssigned'),
      line.staffAssigned,
      'Staff assigned',
      LIMITS.staffLength,
    ),
    price: money(problems, at('price'), line.price ?? 0, 'Service price'),
    gst: rate(problems, at('gst'), line.gst, BILL_DEFAULTS.gst, 'GST'),
    discount: rate(problems, at('discount'), line.discount, BILL_DEFAULTS.discount, 'Discount'),
  };
}

function productLine(problems: Problems, line: ProductLineInput, index: number): ProductLine {
  const at = (field: string) => `products.${index}.${field}`;
  const quantity = line.quantity ?? BILL_DEFAULTS.quantity;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > LIMITS.maxQuantity) {
    problems.add(at('quantity'), `Quantity must be a whole number from 1 to ${LIMITS.maxQuantity}`);
  }
  if (line.unitPrice === undefined) problems.add(at('unitPrice'), 'Unit price is required');
  return {
    id: line._id,
    productName: optionalText(
      problems,
      at('productName'),
      line.productName,
      'Product name',
      LIMITS.lineNameLength,
    ),
    quantity: Number.isInteger(quantity) ? quantity : 1,
    unitPrice: money(problems, at('unitPrice'), line.unitPrice ?? 0, 'Unit price'),
    gst: rate(problems, at('gst'), line.gst, BILL_DEFAULTS.gst, 'GST'),
    discount: rate(problems, at('discount'), line.discount, BILL_DEFAULTS.discount, 'Discount'),
  };
}

// The form always shows one service row and one product row; a row left without a name is not a line.
// Indexes in error fields stay those of the array the client sent.
function namedLines<T, L>(
  lines: T[] | undefined,
  nameOf: (line: T) => string | undefined,
  read: (line: T, index: number) => L,
): L[] {
  return (lines ?? []).flatMap((line, index) => (text(nameOf(line)) === '' ? [] : [read(line, index)]));
}

/**
 * Checks a bill form against the spec's rules and turns it into server units. Every problem is
 * reported at once (400, `details` lists each field); the first one is the message.
 */
export function parseBillInput(input: BillInput, now: Date = new Date()): BillDraft {
  const problems = new Problems();
  const draft: BillDraft = {
    name: requiredText(problems, 'name', input.name, 'Name', LIMITS.nameLength),
    phone: phoneNumber(problems, input.phone),
    email: emailAddress(problems, input.email),
    customerId: requiredText(
      problems,
      'customerId',
      input.customerId,
      'Customer ID',
      LIMITS.customerIdLength,
    ),
    gender:
      input.gender === undefined || input.gender === null || input.gender === ''
        ? null
        : choice(problems, 'gender', input.gender, GENDERS, 'Other', 'Gender must be Male, Female or Other'),
    date: billDate(problems, input.date, now),
    roomNo: optionalText(problems, 'roomNo', input.roomNo, 'Room No.', LIMITS.roomNoLength),
    discountPercent: rate(
      problems,
      'discountPercent',
      input.discountPercent,
      BILL_DEFAULTS.discountPercent,
      'Discount %',
    ),
    paymentMethod: choice(
      problems,
      'paymentMethod',
      input.paymentMethod,
      PAYMENT_METHODS,
      BILL_DEFAULTS.paymentMethod,
      'Payment method must be Cash, UPI or Card',
    ),
    advanceAmount: advanceAmount(problems, input),
    services: namedLines(
      input.services,
      (line) => line.serviceName,
      (line, index) => serviceLine(problems, line, index),
    ),
    products: namedLines(
      input.products,
      (line) => line.productName,
      (line, index) => productLine(problems, line, index),
    ),
  };
  if (draft.services.length === 0 && draft.products.length === 0) {
    problems.add('services', 'Add at least one service or product with a name');
  }
  if (problems.list.length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', problems.list[0]!.message, problems.list);
  }
  return draft;
}

/** The server's arithmetic over a valid draft: every line total and the bill's totals. */
export function priceBill(draft: BillDraft): PricedBill {
  const lines = [
    ...draft.services.map((line) => ({ amount: line.price, gst: line.gst, discount: line.discount })),
    ...draft.products.map((line) => ({
      amount: productAmount(line.quantity, line.unitPrice),
      gst: line.gst,
      discount: line.discount,
    })),
  ];
  const totals = billTotals(lines, draft.discountPercent, draft.advanceAmount);
  const serviceCount = draft.services.length;
  return {
    ...draft,
    services: draft.services.map((line, index) => ({ ...line, total: totals.lineTotals[index]! })),
    products: draft.products.map((line, index) => ({
      ...line,
      total: totals.lineTotals[serviceCount + index]!,
    })),
    totals,
  };
}
