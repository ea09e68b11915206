/**
 * The checkout screen's sale as plain data: the desk's edits (as typed), their validation, the live
 * totals with the server's own arithmetic (@spa/rules priceSale, prices tax-inclusive) and the body of
 * PUT /counter/sales/:id. No React here, so all of it is unit-tested.
 */
import {
  DEFAULT_PRODUCT_GST_BP,
  DEFAULT_SERVICE_GST_BP,
  isValidGstin,
  priceSale,
  SaleInputError,
  splitInclusive,
  type SaleTotals,
} from '@spa/rules';
import type { CustomerInput, Sale, SaleLine, SaleLineInput, SaleLineKind, SaleUpdate } from './counter.api';
import { paiseToRupeesText, rupeesToPaise } from './money';

/** An add-on's rate (the server's): a spa service, SAC 999723 at 5%. */
const ADDON_GST_BP = DEFAULT_SERVICE_GST_BP;

export interface DraftLine {
  /** Stable React key; never sent. */
  key: string;
  /** The saved line's id; a line added on this screen has none until saved. */
  id?: string;
  kind: SaleLineKind;
  itemId?: string;
  name: string;
  gstBp: number;
  quantity: string;
  /** Rupees as typed (add-ons and tips); a visit's or a product's price is the server's. */
  unitPrice: string;
  lineDiscount: string;
  lineDiscountReason: string;
  employeeId?: string;
  employeeName: string;
  appointmentId?: string;
  roomNumber: string;
}

interface DraftCustomer {
  id: string | null;
  name: string;
  phone: string;
  email: string;
  gstin: string;
}

export interface SaleDraft {
  lines: DraftLine[];
  saleDiscount: string;
  saleDiscountReason: string;
  customer: DraftCustomer;
}

let nextKey = 0;
const newLineKey = () => `draft-${++nextKey}`;

function draftLine(line: SaleLine): DraftLine {
  return {
    key: line.id,
    id: line.id,
    kind: line.kind,
    itemId: line.itemId ?? undefined,
    name: line.name,
    gstBp: line.gstBp,
    quantity: String(line.quantity),
    unitPrice: paiseToRupeesText(line.unitPricePaise),
    lineDiscount: line.lineDiscountPaise ? paiseToRupeesText(line.lineDiscountPaise) : '',
    lineDiscountReason: line.lineDiscountReason ?? '',
    employeeId: line.employeeId ?? undefined,
    employeeName: line.employeeName ?? '',
    appointmentId: line.appointmentId ?? undefined,
    roomNumber: line.roomNumber ?? '',
  };
}

/** The draft a saved sale starts: what the server holds, as the inputs show it. */
export function draftOf(sale: Sale): SaleDraft {
  return {
    lines: sale.lines.map(draftLine),
    saleDiscount: sale.saleDiscountPaise ? paiseToRupeesText(sale.saleDiscountPaise) : '',
    saleDiscountReason: sale.saleDiscountReason ?? '',
    customer: {
      id: sale.customer.id,
      name: sale.customer.name ?? '',
      phone: sale.customer.phone ?? '',
      email: sale.customer.email ?? '',
      gstin: sale.customer.gstin ?? '',
    },
  };
}

/** A product picked from the catalogue: its price (rupees, tax-inclusive) shown until the server's. */
export function productLine(product: { id: string; name: string; price: number | string; gstBp?: number }) {
  const pricePaise = rupeesToPaise(String(product.price)) ?? 0;
  return {
    key: newLineKey(),
    kind: 'product',
    itemId: product.id,
    name: product.name,
    gstBp: product.gstBp ?? DEFAULT_PRODUCT_GST_BP,
    quantity: '1',
    unitPrice: paiseToRupeesText(pricePaise),
    lineDiscount: '',
    lineDiscountReason: '',
    employeeName: '',
    roomNumber: '',
  } satisfies DraftLine;
}

export function addonLine(name: string, price: string): DraftLine {
  return {
    key: newLineKey(),
    kind: 'addon',
    name,
    gstBp: ADDON_GST_BP,
    quantity: '1',
    unitPrice: price,
    lineDiscount: '',
    lineDiscountReason: '',
    employeeName: '',
    roomNumber: '',
  };
}

export function tipLine(employee: { id: string; name: string }, amount: string): DraftLine {
  return {
    key: newLineKey(),
    kind: 'tip',
    name: `Tip for ${employee.name}`,
    gstBp: 0,
    quantity: '1',
    unitPrice: amount,
    lineDiscount: '',
    lineDiscountReason: '',
    employeeId: employee.id,
    employeeName: employee.name,
    roomNumber: '',
  };
}

/** Per-field messages: `lines.<key>.<field>`, `saleDiscount`, `saleDiscountReason`, `customer.<field>`. */
export type DraftErrors = Record<string, string>;

export interface DraftCheck {
  errors: DraftErrors;
  /** One message for the whole sale (an arithmetic the server would refuse). */
  error?: string;
  /** The totals of the lines that read; null while the sale discount cannot be applied. */
  totals: SaleTotals | null;
  /** Only when nothing is wrong: PUT's body, less the version. */
  body?: Omit<SaleUpdate, 'version'>;
  /** A hint, never a refusal: GSTINs are checked by checksum, and a typo is likelier than a fake. */
  gstinHint?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_QUANTITY = 1000;

interface ReadLine {
  input: SaleLineInput;
  unitPricePaise: number;
}

function readLine(line: DraftLine, errors: DraftErrors): ReadLine | null {
  const at = `lines.${line.key}`;
  const before = Object.keys(errors).length;
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : NaN;
  if (!(quantity >= 1 && quantity <= MAX_QUANTITY))
    errors[`${at}.quantity`] = `Enter a quantity from 1 to ${MAX_QUANTITY}`;
  const unitPricePaise = rupeesToPaise(line.unitPrice);
  if (unitPricePaise === null) errors[`${at}.unitPrice`] = 'Enter the price in rupees, e.g. 450 or 450.50';
  else if (line.kind === 'tip' && unitPricePaise === 0) errors[`${at}.unitPrice`] = 'Enter the tip';
  if (line.kind === 'addon' && !line.name.trim()) errors[`${at}.name`] = 'Name the add-on';
  if (line.kind === 'tip' && !line.employeeId) errors[`${at}.employee`] = 'Choose the therapist';
  const lineDiscountPaise = line.lineDiscount.trim() ? rupeesToPaise(line.lineDiscount) : 0;
  if (lineDiscountPaise === null) errors[`${at}.lineDiscount`] = 'Enter the discount in rupees';
  else if (line.kind === 'tip' && lineDiscountPaise > 0)
    errors[`${at}.lineDiscount`] = 'A tip is not discounted';
  else if (unitPricePaise !== null && quantity >= 1 && lineDiscountPaise > quantity * unitPricePaise)
    errors[`${at}.lineDiscount`] = 'The discount is more than the line';
  else if (lineDiscountPaise && !line.lineDiscountReason.trim())
    errors[`${at}.lineDiscountReason`] = 'Say why the discount is given';
  if (Object.keys(errors).length > before) return null;

  const input: SaleLineInput = {
    ...(line.id ? { id: line.id } : {}),
    kind: line.kind,
    quantity,
    lineDiscountPaise: lineDiscountPaise!,
    lineDiscountReason: lineDiscountPaise ? line.lineDiscountReason.trim() : '',
  };
  if (line.itemId) input.itemId = line.itemId;
  // The server owns a visit's and a product's name and price; the desk's own lines carry theirs.
  if (line.kind === 'addon' || line.kind === 'tip') {
    input.name = line.name.trim();
    input.unitPricePaise = unitPricePaise!;
  }
  if (line.employeeId) {
    input.employeeId = line.employeeId;
    input.employeeName = line.employeeName;
  }
  if (line.appointmentId) input.appointmentId = line.appointmentId;
  return { input, unitPricePaise: unitPricePaise! };
}

function readCustomer(customer: DraftCustomer, errors: DraftErrors): CustomerInput {
  if (!customer.name.trim()) errors['customer.name'] = "Enter the customer's name";
  const email = customer.email.trim();
  if (email && !EMAIL.test(email)) errors['customer.email'] = 'Enter an email such as name@example.com';
  return {
    ...(customer.id ? { id: customer.id } : {}),
    name: customer.name.trim(),
    phone: customer.phone.trim(),
    email,
    gstin: customer.gstin.trim().toUpperCase(),
  };
}

/** Validates the draft, prices what reads, and builds PUT's body when all of it is right. */
export function checkDraft(draft: SaleDraft): DraftCheck {
  const errors: DraftErrors = {};
  const read = draft.lines.map((line) => ({ line, read: readLine(line, errors) }));
  const customer = readCustomer(draft.customer, errors);
  const gstin = customer.gstin ?? '';
  const gstinHint =
    gstin && !isValidGstin(gstin)
      ? 'This GSTIN does not pass its checksum: check it with the customer (the invoice is B2C without a valid one).'
      : undefined;

  const saleDiscountPaise = draft.saleDiscount.trim() ? rupeesToPaise(draft.saleDiscount) : 0;
  if (saleDiscountPaise === null) errors.saleDiscount = 'Enter the discount in rupees';
  else if (saleDiscountPaise > 0 && !draft.saleDiscountReason.trim())
    errors.saleDiscountReason = 'Say why the discount is given';

  let totals: SaleTotals | null = null;
  let error: string | undefined;
  const priced = read.flatMap(({ line, read: ok }) => (ok ? [{ line, ok }] : []));
  try {
    totals = priceSale(
      priced.map(({ line, ok }) => ({
        kind: line.kind,
        quantity: ok.input.quantity,
        unitPrice: ok.unitPricePaise,
        lineDiscount: ok.input.lineDiscountPaise,
        gstBp: line.kind === 'tip' ? 0 : line.gstBp,
      })),
      saleDiscountPaise ?? 0,
    );
  } catch (failure) {
    if (!(failure instanceof SaleInputError)) throw failure;
    error = failure.message;
  }

  const valid = Object.keys(errors).length === 0 && !error;
  return {
    errors,
    error,
    totals,
    gstinHint,
    body: valid
      ? {
          lines: priced.map(({ ok }) => ok.input),
          saleDiscountPaise: saleDiscountPaise!,
          saleDiscountReason: saleDiscountPaise ? draft.saleDiscountReason.trim() : '',
          customer,
        }
      : undefined,
  };
}

export interface TaxRow {
  gstBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
}

/**
 * The GST inside the totals, per rate, as billing will print it: each line's total split on its own
 * (splitInclusive, within the spa's state: CGST + SGST), tips left out.
 */
export function taxSplit(totals: SaleTotals): { rows: TaxRow[]; taxable: number; tax: number } {
  const byRate = new Map<number, TaxRow>();
  for (const line of totals.lines) {
    if (line.kind === 'tip') continue;
    const split = splitInclusive(line.total, line.gstBp, true);
    const row = byRate.get(line.gstBp) ?? { gstBp: line.gstBp, taxable: 0, cgst: 0, sgst: 0 };
    row.taxable += split.taxable;
    row.cgst += split.cgst;
    row.sgst += split.sgst;
    byRate.set(line.gstBp, row);
  }
  const rows = [...byRate.values()].sort((a, b) => a.gstBp - b.gstBp);
  return {
    rows,
    taxable: rows.reduce((sum, row) => sum + row.taxable, 0),
    tax: rows.reduce((sum, row) => sum + row.cgst + row.sgst, 0),
  };
}

/** Whether the desk changed anything since the sale was loaded (payment waits for a save). */
export function isDirty(draft: SaleDraft, sale: Sale): boolean {
  return JSON.stringify(comparable(draft)) !== JSON.stringify(comparable(draftOf(sale)));
}

function comparable(draft: SaleDraft) {
  return {
    ...draft,
    lines: draft.lines.map(({ key: _key, ...line }) => line),
  };
}
