/**
 * The bill form as plain data: the inputs' text, defaults (spec section 9), validation (section 5), the
 * live totals and the payload for POST/PUT /bills. No React here, so all of it is unit-tested.
 */
import {
  billTotals,
  FULL_RATE,
  fromHundredths,
  parseScaledDecimal,
  productAmount,
  type PricedLine,
} from '@spa/rules';
import { isIsoDay } from './bill-dates';
import type { Bill, BillInput, Duration, Gender, PaymentMethod } from './bill-types';

const DEFAULT_DURATION: Duration = '60 Min';
const DEFAULT_GST = '5';
const DEFAULT_LINE_DISCOUNT = '5';
const DEFAULT_DISCOUNT_PERCENT = '5';
const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Cash';
const DEFAULT_GENDER: Gender = 'Male';

export interface ServiceRow {
  /** Stable React key; never sent. */
  key: string;
  /** The saved line's id when editing, sent back as _id. */
  lineId?: string;
  serviceName: string;
  duration: Duration;
  staffAssigned: string;
  price: string;
  gst: string;
  discount: string;
}

export interface ProductRow {
  key: string;
  lineId?: string;
  productName: string;
  quantity: string;
  unitPrice: string;
  gst: string;
  discount: string;
}

export interface BillFormValues {
  name: string;
  customerId: string;
  phone: string;
  email: string;
  gender: Gender;
  date: string;
  roomNo: string;
  services: ServiceRow[];
  products: ProductRow[];
  discountPercent: string;
  paymentMethod: PaymentMethod;
  advanceAmount: string;
}

/** Field path → message, e.g. { name: 'Name is required', 'services.0.price': '...' }. */
export type BillFormErrors = Record<string, string>;

export const messages = {
  nameRequired: 'Name is required',
  phoneRequired: 'Phone is required',
  customerIdRequired: 'Customer ID is required',
  dateRequired: 'Choose the bill date',
  emailInvalid: 'Enter a valid email address',
  noLines: 'Add at least one service or product',
  serviceNameRequired: 'Service name is required',
  productNameRequired: 'Product name is required',
  priceRequired: 'Price is required',
  price: 'Price must be 0 or more, with up to 2 decimals',
  unitPriceRequired: 'Unit price is required',
  unitPrice: 'Unit price must be 0 or more, with up to 2 decimals',
  quantity: 'Quantity must be a whole number of at least 1',
  gst: 'GST must be between 0 and 100',
  discount: 'Discount must be between 0 and 100',
  discountPercent: 'Discount % must be between 0 and 100',
  advance: 'Advance must be 0 or more, with up to 2 decimals',
} as const;

let rowCounter = 0;
function nextRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function emptyServiceRow(): ServiceRow {
  return {
    key: nextRowKey(),
    serviceName: '',
    duration: DEFAULT_DURATION,
    staffAssigned: '',
    price: '',
    gst: DEFAULT_GST,
    discount: DEFAULT_LINE_DISCOUNT,
  };
}

export function emptyProductRow(): ProductRow {
  return {
    key: nextRowKey(),
    productName: '',
    quantity: '1',
    unitPrice: '',
    gst: DEFAULT_GST,
    discount: DEFAULT_LINE_DISCOUNT,
  };
}

export function newBillForm(today: string): BillFormValues {
  return {
    name: '',
    customerId: '',
    phone: '',
    email: '',
    gender: DEFAULT_GENDER,
    date: today,
    roomNo: '',
    services: [emptyServiceRow()],
    products: [emptyProductRow()],
    discountPercent: DEFAULT_DISCOUNT_PERCENT,
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    advanceAmount: '0',
  };
}

/** Numbers from the API back into input text: 1250.5 → "1250.50" for money, 2.5 → "2.5" for percents. */
const moneyText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));
const percentText = (percent: number) => String(Number(percent.toFixed(2)));

export function billToForm(bill: Bill): BillFormValues {
  const services: ServiceRow[] = bill.services.map((line) => ({
    key: nextRowKey(),
    ...(line._id ? { lineId: line._id } : {}),
    serviceName: line.serviceName,
    duration: line.duration,
    staffAssigned: line.staffAssigned ?? '',
    price: moneyText(line.price),
    gst: percentText(line.gst),
    discount: percentText(line.discount),
  }));
  const products: ProductRow[] = bill.products.map((line) => ({
    key: nextRowKey(),
    ...(line._id ? { lineId: line._id } : {}),
    productName: line.productName,
    quantity: String(line.quantity),
    unitPrice: moneyText(line.unitPrice),
    gst: percentText(line.gst),
    discount: percentText(line.discount),
  }));
  return {
    name: bill.name,
    customerId: bill.customerId,
    phone: bill.phone,
    email: bill.email ?? '',
    gender: bill.gender ?? DEFAULT_GENDER,
    date: bill.date.slice(0, 10),
    roomNo: bill.roomNo ?? '',
    // Each table always keeps one row to type into.
    services: services.length ? services : [emptyServiceRow()],
    products: products.length ? products : [emptyProductRow()],
    discountPercent: percentText(bill.discountPercent),
    paymentMethod: bill.paymentMethod,
    advanceAmount: moneyText(bill.advanceAmount),
  };
}

const parseMoney = (text: string) => parseScaledDecimal(text, 2);

function parsePercent(text: string): number | null {
  const basisPoints = parseScaledDecimal(text, 2);
  return basisPoints !== null && basisPoints <= FULL_RATE ? basisPoints : null;
}

function parseQuantity(text: string): number | null {
  const quantity = parseScaledDecimal(text, 0);
  return quantity !== null && quantity >= 1 ? quantity : null;
}

/** Empty or zero: an amount nobody has entered yet. */
const isUnsetAmount = (text: string) => !text.trim() || parseMoney(text) === 0;

/** A row nobody has started: no name and no amount. It is neither sent nor validated. */
function isBlankServiceRow(row: ServiceRow): boolean {
  return !row.serviceName.trim() && !row.staffAssigned.trim() && isUnsetAmount(row.price);
}

function isBlankProductRow(row: ProductRow): boolean {
  return !row.productName.trim() && isUnsetAmount(row.unitPrice);
}

export interface FormTotals {
  /** Paise per row, in form order; null while a row's numbers are not valid. */
  serviceLineTotals: (number | null)[];
  productLineTotals: (number | null)[];
  subTotal: number;
  discount: number;
  advance: number;
  total: number;
}

function serviceLine(row: ServiceRow): PricedLine | null {
  const amount = parseMoney(row.price);
  const gst = parsePercent(row.gst);
  const discount = parsePercent(row.discount);
  if (amount === null || gst === null || discount === null) return null;
  return { amount, gst, discount };
}

function productLine(row: ProductRow): PricedLine | null {
  const quantity = parseQuantity(row.quantity);
  const unitPrice = parseMoney(row.unitPrice);
  const gst = parsePercent(row.gst);
  const discount = parsePercent(row.discount);
  if (quantity === null || unitPrice === null || gst === null || discount === null) return null;
  return { amount: productAmount(quantity, unitPrice), gst, discount };
}

/** The live totals: the server's own arithmetic (@spa/rules), over the rows that are valid so far. */
export function computeFormTotals(values: BillFormValues): FormTotals {
  const serviceLines = values.services.map(serviceLine);
  const productLines = values.products.map(productLine);
  const valid = [...serviceLines, ...productLines].filter((line) => line !== null);
  const totals = billTotals(
    valid,
    parsePercent(values.discountPercent) ?? 0,
    parseMoney(values.advanceAmount) ?? 0,
  );
  // The totals come back in the order of the valid lines; a row still being typed shows none.
  let next = 0;
  const spread = (lines: readonly (PricedLine | null)[]) =>
    lines.map((line) => (line === null ? null : (totals.lineTotals[next++] ?? null)));
  const serviceLineTotals = spread(serviceLines);
  const productLineTotals = spread(productLines);
  return {
    serviceLineTotals,
    productLineTotals,
    subTotal: totals.subTotal,
    discount: totals.discountAmount,
    advance: totals.advance,
    total: totals.totalPrice,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validateServiceRow(row: ServiceRow, index: number, errors: BillFormErrors): void {
  const at = `services.${index}`;
  if (!row.serviceName.trim()) errors[`${at}.serviceName`] = messages.serviceNameRequired;
  if (!row.price.trim()) errors[`${at}.price`] = messages.priceRequired;
  else if (parseMoney(row.price) === null) errors[`${at}.price`] = messages.price;
  if (parsePercent(row.gst) === null) errors[`${at}.gst`] = messages.gst;
  if (parsePercent(row.discount) === null) errors[`${at}.discount`] = messages.discount;
}

function validateProductRow(row: ProductRow, index: number, errors: BillFormErrors): void {
  const at = `products.${index}`;
  if (!row.productName.trim()) errors[`${at}.productName`] = messages.productNameRequired;
  if (parseQuantity(row.quantity) === null) errors[`${at}.quantity`] = messages.quantity;
  if (!row.unitPrice.trim()) errors[`${at}.unitPrice`] = messages.unitPriceRequired;
  else if (parseMoney(row.unitPrice) === null) errors[`${at}.unitPrice`] = messages.unitPrice;
  if (parsePercent(row.gst) === null) errors[`${at}.gst`] = messages.gst;
  if (parsePercent(row.discount) === null) errors[`${at}.discount`] = messages.discount;
}

/** Every problem at once, keyed by field; an empty object means the bill can be sent. */
export function validateBillForm(values: BillFormValues): BillFormErrors {
  const errors: BillFormErrors = {};
  if (!values.name.trim()) errors.name = messages.nameRequired;
  if (!values.phone.trim()) errors.phone = messages.phoneRequired;
  if (!values.customerId.trim()) errors.customerId = messages.customerIdRequired;
  if (!isIsoDay(values.date)) errors.date = messages.dateRequired;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = messages.emailInvalid;

  values.services.forEach((row, index) => {
    if (!isBlankServiceRow(row)) validateServiceRow(row, index, errors);
  });
  values.products.forEach((row, index) => {
    if (!isBlankProductRow(row)) validateProductRow(row, index, errors);
  });
  const lineCount =
    values.services.filter((row) => !isBlankServiceRow(row)).length +
    values.products.filter((row) => !isBlankProductRow(row)).length;
  if (lineCount === 0) errors.lines = messages.noLines;

  if (parsePercent(values.discountPercent) === null) errors.discountPercent = messages.discountPercent;
  if (parseMoney(values.advanceAmount) === null) errors.advanceAmount = messages.advance;
  return errors;
}

const toRupees = (text: string) => fromHundredths(parseMoney(text) ?? 0);
const toPercent = (text: string) => (parsePercent(text) ?? 0) / 100;

/** The request body; call after validateBillForm found nothing. Blank rows are left out. */
export function toBillInput(values: BillFormValues): BillInput {
  const email = values.email.trim();
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    ...(email ? { email } : {}),
    customerId: values.customerId.trim(),
    gender: values.gender,
    date: values.date,
    roomNo: values.roomNo.trim(),
    services: values.services
      .filter((row) => !isBlankServiceRow(row))
      .map((row) => ({
        ...(row.lineId ? { _id: row.lineId } : {}),
        serviceName: row.serviceName.trim(),
        duration: row.duration,
        staffAssigned: row.staffAssigned.trim(),
        price: toRupees(row.price),
        gst: toPercent(row.gst),
        discount: toPercent(row.discount),
      })),
    products: values.products
      .filter((row) => !isBlankProductRow(row))
      .map((row) => ({
        ...(row.lineId ? { _id: row.lineId } : {}),
        productName: row.productName.trim(),
        quantity: parseQuantity(row.quantity) ?? 1,
        unitPrice: toRupees(row.unitPrice),
        gst: toPercent(row.gst),
        discount: toPercent(row.discount),
      })),
    discountPercent: toPercent(values.discountPercent),
    paymentMethod: values.paymentMethod,
    advanceAmount: toRupees(values.advanceAmount),
  };
}

/**
 * The server's field problems (details: [{ field, message }]) keyed like the form's own errors. Its
 * line indexes count the lines that were sent, so they are mapped back past the blank rows left out.
 */
export function serverFieldErrors(details: unknown, values: BillFormValues): BillFormErrors {
  if (!Array.isArray(details)) return {};
  const sentIndexes = {
    services: values.services.flatMap((row, index) => (isBlankServiceRow(row) ? [] : [index])),
    products: values.products.flatMap((row, index) => (isBlankProductRow(row) ? [] : [index])),
  };
  const errors: BillFormErrors = {};
  for (const detail of details as unknown[]) {
    if (!detail || typeof detail !== 'object') continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const [group, index, ...rest] = field.split('.');
    let key = field;
    if ((group === 'services' || group === 'products') && index !== undefined && rest.length) {
      const formIndex = sentIndexes[group][Number(index)];
      if (formIndex === undefined) continue;
      key = [group, formIndex, ...rest].join('.');
    } else if (group === 'services' || group === 'products') {
      key = 'lines';
    } else if (field === 'advance') {
      key = 'advanceAmount';
    }
    errors[key] ??= message;
  }
  return errors;
}
