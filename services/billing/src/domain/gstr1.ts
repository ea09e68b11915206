import { AppError } from '@spa/kit/errors';
import {
  apportion,
  gstinStateCode,
  gstStateName,
  lineTaxBreakdown,
  productAmount,
  splitInclusive,
  type BasisPoints,
  type Paise,
} from '@spa/rules';
import type { CalendarDate } from './calendar.js';
import { hsnCodeFor, sacCodeFor } from './tax-codes.js';

/**
 * GSTR-1, the monthly statement of outward supplies, in the shapes of the GST portal's offline tool:
 * its JSON (the file the portal takes) and its CSV sheets (what the tool imports). Every figure is
 * summed in integer paise and turned into rupees (2 decimals) once, at the end.
 *
 * What goes where, for the GST documents dated in the month (invoices, credit notes, manual bills):
 * - b2b: invoices to a buyer with a GSTIN, by buyer; one item per rate of each invoice.
 * - b2cl: invoices without a GSTIN to another state worth more than ₹1 lakh (the threshold since
 *   August 2024), by place of supply.
 * - b2cs: every other invoice without a GSTIN, summed by place of supply and rate. Credit notes
 *   against such invoices are netted into the same rows (the portal reads B2C small supplies net of
 *   their credit notes), so a row may be negative.
 * - cdnr: credit notes to a buyer with a GSTIN; cdnur: credit notes against a b2cl invoice.
 * - nil: lines at 0% (nil-rated supplies), by inter/intra-state and B2B/B2C, net of credit notes.
 * - hsn: by SAC/HSN code and rate, split into B2B and B2C (the portal's table 12 since 2025), credit
 *   notes subtracted. Services report no quantity (unit NA); products count units (NOS).
 * - doc_issue: the invoice and credit-note series used in the month, as ranges of numbers.
 *
 * A tip is the therapist's, not the spa's supply: it is no line of the return and no part of any
 * invoice value (val is taxable value + tax). A manual bill's overall discount is recorded on the
 * invoice, so it reduces the value of supply (CGST Act s.15(3)(a)): it is shared over the lines in
 * proportion to their totals and each discounted line total is split back into taxable value and
 * tax, as the counter does. Its advance (added to the total, as the spec states) is no line either.
 */

/** ₹1 lakh: an inter-state B2C invoice above it is reported one by one (b2cl). */
const B2CL_THRESHOLD_PAISE: Paise = 100_000_00;

export type Gstr1Section =
  'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'exemp' | 'hsn' | 'hsn_b2b' | 'hsn_b2c' | 'docs';

export const GSTR1_SECTIONS: readonly Gstr1Section[] = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'exemp',
  'hsn',
  'hsn_b2b',
  'hsn_b2c',
  'docs',
];

/** One line of a GST document as the return reads it: its code, rate and split. */
export interface ReturnLine {
  kind: 'service' | 'product' | 'addon' | 'tip';
  /** SAC (services, add-ons) or HSN (products); '' when the catalogue had none. */
  taxCode: string;
  gstBp: BasisPoints;
  quantity: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

export interface ReturnDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: CalendarDate;
  /** '' for a buyer without a GSTIN. */
  customerGstin: string;
  customerName: string;
  /** Two-digit state code. */
  placeOfSupply: string;
  lines: ReturnLine[];
  /** A credit note's invoice: decides whether the note is reported on its own (cdnur) or netted. */
  original?: { number: string; placeOfSupply: string; customerGstin: string; valuePaise: Paise };
}

/** An issued number of a series (INV or CN) and the month its document is dated in. */
export interface SeriesEntry {
  number: string;
  sequence: number;
  /** YYYY-MM */
  month: string;
}

export interface Gstr1Input {
  /** The spa's GSTIN (its first two digits are its state). */
  gstin: string;
  /** YYYY-MM */
  month: string;
  documents: ReturnDocument[];
  /** Every number of the month's financial year in each series, whatever month it is dated in. */
  series: { invoices: SeriesEntry[]; creditNotes: SeriesEntry[] };
}

/** Taxable value and tax, in paise. */
interface Amounts {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

interface RateItem extends Amounts {
  gstBp: BasisPoints;
}

interface InvoiceEntry {
  number: string;
  issueDate: CalendarDate;
  customerGstin: string;
  customerName: string;
  placeOfSupply: string;
  /** Taxable value + tax of the whole document. */
  valuePaise: Paise;
  items: RateItem[];
}

interface B2csRow extends Amounts {
  placeOfSupply: string;
  supplyType: 'INTRA' | 'INTER';
  gstBp: BasisPoints;
}

type NilSupplyType = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';

interface HsnRow extends Amounts {
  code: string;
  description: string;
  uqc: 'NA' | 'NOS';
  quantity: number;
  gstBp: BasisPoints;
}

export interface DocumentRange {
  from: string;
  to: string;
  total: number;
  cancelled: number;
  netIssued: number;
}

/** The month's return in paise: what the JSON and the CSV sheets are written from. */
export interface Gstr1Summary {
  gstin: string;
  /** MMYYYY, the portal's return period. */
  fp: string;
  b2b: InvoiceEntry[];
  b2cl: InvoiceEntry[];
  b2cs: B2csRow[];
  cdnr: InvoiceEntry[];
  cdnur: InvoiceEntry[];
  nil: Array<{ supplyType: NilSupplyType; nilPaise: Paise }>;
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  invoiceRanges: DocumentRange[];
  creditNoteRanges: DocumentRange[];
}

/* ------------------------------------------------------------------------------------------------
 * The month asked for.
 * ---------------------------------------------------------------------------------------------- */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** GST began on 1 July 2017: no return exists before it. */
const FIRST_MONTH = '2017-07';

/** The month a request asks for, or 422 INVALID_MONTH naming the field. */
export function parseReturnMonth(value: string | undefined): string {
  const month = value?.trim() ?? '';
  if (!MONTH.test(month))
    throw invalidMonth(month ? 'The month must be written as YYYY-MM, e.g. 2026-11' : 'Choose a month');
  if (month < FIRST_MONTH) throw invalidMonth('GST returns begin with July 2017');
  return month;
}

function invalidMonth(message: string): AppError {
  return new AppError(422, 'INVALID_MONTH', message, [{ field: 'month', message }]);
}

/** The first and last day of a month (YYYY-MM). */
export function monthBounds(month: string): { first: CalendarDate; last: CalendarDate } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** 2026-11 → "112026". */
export function returnPeriod(month: string): string {
  return `${month.slice(5, 7)}${month.slice(0, 4)}`;
}

/* ------------------------------------------------------------------------------------------------
 * A manual bill as a document of the return.
 * ---------------------------------------------------------------------------------------------- */

export interface ManualBill {
  invoiceNumber: string;
  date: CalendarDate;
  name: string;
  discountPercentBp: BasisPoints;
  discountPaise: Paise;
  services: Array<{ serviceName: string; pricePaise: Paise; gstBp: BasisPoints; discountBp: BasisPoints }>;
  products: Array<{
    productName: string;
    quantity: number;
    unitPricePaise: Paise;
    gstBp: BasisPoints;
    discountBp: BasisPoints;
  }>;
}

/**
 * A manual bill as the return reads it: a B2C invoice inside the spa's state. Its lines add GST on
 * top of the price (bill-math's lineTaxBreakdown, as the printed invoice); the overall discount is
 * then shared over the line totals and each discounted line split into taxable value and tax.
 */
export function manualBillDocument(bill: ManualBill, supplierState: string): ReturnDocument {
  const priced = [
    ...bill.services.map((line) => ({
      kind: 'service' as const,
      taxCode: sacCodeFor(line.serviceName),
      quantity: 1,
      gstBp: line.gstBp,
      breakdown: lineTaxBreakdown(line.pricePaise, line.gstBp, line.discountBp),
    })),
    ...bill.products.map((line) => ({
      kind: 'product' as const,
      taxCode: hsnCodeFor(line.productName) ?? '',
      quantity: line.quantity,
      gstBp: line.gstBp,
      breakdown: lineTaxBreakdown(
        productAmount(line.quantity, line.unitPricePaise),
        line.gstBp,
        line.discountBp,
      ),
    })),
  ];
  const shares = apportion(
    bill.discountPaise,
    priced.map((line) => line.breakdown.total),
  );
  return {
    kind: 'invoice',
    number: bill.invoiceNumber,
    issueDate: bill.date,
    customerGstin: '',
    customerName: bill.name,
    placeOfSupply: supplierState,
    lines: priced.map((line, index) => {
      const share = shares[index]!;
      const split =
        share === 0
          ? { taxable: line.breakdown.taxableValue, cgst: line.breakdown.cgst, sgst: line.breakdown.sgst }
          : splitInclusive(line.breakdown.total - share, line.gstBp, true);
      return {
        kind: line.kind,
        taxCode: line.taxCode,
        gstBp: line.gstBp,
        quantity: line.quantity,
        taxablePaise: split.taxable,
        cgstPaise: split.cgst,
        sgstPaise: split.sgst,
        igstPaise: 0,
      };
    }),
  };
}

/* ------------------------------------------------------------------------------------------------
 * The return.
 * ---------------------------------------------------------------------------------------------- */

const zero = (): Amounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });

function add(into: Amounts, line: ReturnLine, sign: 1 | -1): void {
  into.taxable += sign * line.taxablePaise;
  into.igst += sign * line.igstPaise;
  into.cgst += sign * line.cgstPaise;
  into.sgst += sign * line.sgstPaise;
}

const valueOf = (amounts: Amounts): Paise => amounts.taxable + amounts.igst + amounts.cgst + amounts.sgst;

/** The lines that are part of the supply: everything but tips. */
const supplied = (document: Pick<ReturnDocument, 'lines'>) =>
  document.lines.filter((line) => line.kind !== 'tip');

/** Taxable value + tax of a document (its tip left out). */
function documentValue(document: Pick<ReturnDocument, 'lines'>): Paise {
  const total = zero();
  for (const line of supplied(document)) add(total, line, 1);
  return valueOf(total);
}

/** One entry per rate, lowest rate first. */
function rateItems(lines: readonly ReturnLine[]): RateItem[] {
  const byRate = new Map<BasisPoints, RateItem>();
  for (const line of lines) {
    const item = byRate.get(line.gstBp) ?? { gstBp: line.gstBp, ...zero() };
    add(item, line, 1);
    byRate.set(line.gstBp, item);
  }
  return [...byRate.values()].sort((a, b) => a.gstBp - b.gstBp);
}

function entryOf(document: ReturnDocument, lines: readonly ReturnLine[]): InvoiceEntry {
  return {
    number: document.number,
    issueDate: document.issueDate,
    customerGstin: document.customerGstin,
    customerName: document.customerName,
    placeOfSupply: document.placeOfSupply,
    valuePaise: documentValue(document),
    items: rateItems(lines),
  };
}

const isLarge = (placeOfSupply: string, supplierState: string, valuePaise: Paise) =>
  placeOfSupply !== supplierState && valuePaise > B2CL_THRESHOLD_PAISE;

/** Services (SAC codes, chapter 99) are not counted in units; products are. */
const isService = (line: ReturnLine) => line.kind !== 'product' || line.taxCode.startsWith('99');

const SAC_DESCRIPTIONS: Record<string, string> = {
  '999721': 'Hairdressing and barbers services',
  '999722': 'Cosmetic treatment, manicuring and pedicuring services',
  '999723': 'Physical well-being services',
};

function byNumber(a: { number: string }, b: { number: string }): number {
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

export function buildGstr1(input: Gstr1Input): Gstr1Summary {
  const supplierState = gstinStateCode(input.gstin);
  const b2b: InvoiceEntry[] = [];
  const b2cl: InvoiceEntry[] = [];
  const cdnr: InvoiceEntry[] = [];
  const cdnur: InvoiceEntry[] = [];
  const b2cs = new Map<string, B2csRow>();
  const nil = new Map<NilSupplyType, Paise>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };

  const addB2cs = (placeOfSupply: string, line: ReturnLine, sign: 1 | -1) => {
    const key = `${placeOfSupply}|${line.gstBp}`;
    const row = b2cs.get(key) ?? {
      placeOfSupply,
      supplyType: placeOfSupply === supplierState ? 'INTRA' : 'INTER',
      gstBp: line.gstBp,
      ...zero(),
    };
    add(row, line, sign);
    b2cs.set(key, row);
  };
  const addNil = (document: ReturnDocument, line: ReturnLine, sign: 1 | -1) => {
    const intra = document.placeOfSupply === supplierState;
    const type: NilSupplyType = `${intra ? 'INTRA' : 'INTR'}${document.customerGstin ? 'B2B' : 'B2C'}`;
    nil.set(type, (nil.get(type) ?? 0) + sign * line.taxablePaise);
  };
  const addHsn = (document: ReturnDocument, line: ReturnLine, sign: 1 | -1) => {
    const rows = document.customerGstin ? hsn.b2b : hsn.b2c;
    const service = isService(line);
    const key = `${line.taxCode}|${line.gstBp}|${service}`;
    const row = rows.get(key) ?? {
      code: line.taxCode,
      description: SAC_DESCRIPTIONS[line.taxCode] ?? '',
      uqc: service ? 'NA' : 'NOS',
      quantity: 0,
      gstBp: line.gstBp,
      ...zero(),
    };
    if (!service) row.quantity += sign * line.quantity;
    add(row, line, sign);
    rows.set(key, row);
  };

  for (const document of input.documents) {
    const lines = supplied(document);
    if (document.kind === 'invoice') {
      for (const line of lines) addHsn(document, line, 1);
      const taxed = lines.filter((line) => line.gstBp > 0);
      for (const line of lines) if (line.gstBp === 0) addNil(document, line, 1);
      if (document.customerGstin) {
        if (taxed.length > 0) b2b.push(entryOf(document, taxed));
      } else if (isLarge(document.placeOfSupply, supplierState, documentValue(document))) {
        if (taxed.length > 0) b2cl.push(entryOf(document, taxed));
      } else {
        for (const line of taxed) addB2cs(document.placeOfSupply, line, 1);
      }
      continue;
    }
    for (const line of lines) addHsn(document, line, -1);
    const original = document.original;
    if (document.customerGstin) {
      cdnr.push(entryOf(document, lines));
    } else if (original && isLarge(original.placeOfSupply, supplierState, original.valuePaise)) {
      cdnur.push(entryOf(document, lines));
    } else {
      for (const line of lines)
        if (line.gstBp === 0) addNil(document, line, -1);
        else addB2cs(document.placeOfSupply, line, -1);
    }
  }

  const sortedHsn = (rows: Map<string, HsnRow>) =>
    [...rows.values()].sort((a, b) => (a.code === b.code ? a.gstBp - b.gstBp : a.code < b.code ? -1 : 1));
  const byBuyer = (a: InvoiceEntry, b: InvoiceEntry) =>
    a.customerGstin === b.customerGstin ? byNumber(a, b) : a.customerGstin < b.customerGstin ? -1 : 1;
  return {
    gstin: input.gstin,
    fp: returnPeriod(input.month),
    b2b: b2b.sort(byBuyer),
    b2cl: b2cl.sort(byNumber),
    b2cs: [...b2cs.values()].sort((a, b) =>
      a.placeOfSupply === b.placeOfSupply ? a.gstBp - b.gstBp : a.placeOfSupply < b.placeOfSupply ? -1 : 1,
    ),
    cdnr: cdnr.sort(byBuyer),
    cdnur: cdnur.sort(byNumber),
    nil: (['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'] as const)
      .filter((type) => nil.has(type))
      .map((type) => ({ supplyType: type, nilPaise: nil.get(type)! })),
    hsnB2b: sortedHsn(hsn.b2b),
    hsnB2c: sortedHsn(hsn.b2c),
    invoiceRanges: documentRanges(input.series.invoices, input.month),
    creditNoteRanges: documentRanges(input.series.creditNotes, input.month),
  };
}

/**
 * The ranges of a series the month used. A series is gapless across the financial year, but a
 * document may be dated in a neighbouring month (a manual bill dated back), so the month's numbers
 * form one range per stretch that no other month's number interrupts. A range also breaks where the
 * way the number is written changes (INV/2026-27/… issued before the year was written short, then
 * INV/26-27/…), so that each row's first and last number are of one form. A number inside a range
 * that was never issued counts as cancelled.
 */
export function documentRanges(entries: readonly SeriesEntry[], month: string): DocumentRange[] {
  const sorted = [...entries].sort((a, b) => a.sequence - b.sequence);
  const ranges: DocumentRange[] = [];
  let open: { first: SeriesEntry; last: SeriesEntry; count: number } | undefined;
  const close = () => {
    if (!open) return;
    const total = open.last.sequence - open.first.sequence + 1;
    ranges.push({
      from: open.first.number,
      to: open.last.number,
      total,
      cancelled: total - open.count,
      netIssued: open.count,
    });
    open = undefined;
  };
  for (const entry of sorted) {
    if (entry.month !== month) {
      close();
      continue;
    }
    if (open && seriesPrefix(open.last.number) !== seriesPrefix(entry.number)) close();
    if (open) {
      open.last = entry;
      open.count += 1;
    } else {
      open = { first: entry, last: entry, count: 1 };
    }
  }
  close();
  return ranges;
}

/** A document number without its sequence: INV/26-27/ (or INV/2026-27/). */
const seriesPrefix = (number: string): string => number.replace(/\d+$/, '');

/* ------------------------------------------------------------------------------------------------
 * The portal's JSON.
 * ---------------------------------------------------------------------------------------------- */

/** Paise as the portal's rupees: a number with at most 2 decimals (the division is the only step). */
export const rupees = (paise: Paise): number => paise / 100;
/** 1800 bp → 18; 250 → 2.5. */
const rate = (gstBp: BasisPoints): number => gstBp / 100;
/** 2026-11-05 → 05-11-2026. */
const portalDate = (date: CalendarDate) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** The tax heads of a supply: CGST + SGST inside the state, IGST across (cess is always there, 0). */
function taxHeads(amounts: Amounts, intra: boolean) {
  return intra
    ? { camt: rupees(amounts.cgst), samt: rupees(amounts.sgst), csamt: 0 }
    : { iamt: rupees(amounts.igst), csamt: 0 };
}

function portalItems(entry: InvoiceEntry, supplierState: string) {
  const intra = entry.placeOfSupply === supplierState;
  return entry.items.map((item, index) => ({
    num: index + 1,
    itm_det: { rt: rate(item.gstBp), txval: rupees(item.taxable), ...taxHeads(item, intra) },
  }));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.entries()];
}

const DOC_TYPES = { invoices: 'Invoices for outward supply', creditNotes: 'Credit Note' } as const;

/**
 * The return as the portal's JSON: gstin, fp and each section that has something in it (the portal
 * takes a section left out as empty).
 */
export function gstr1Json(summary: Gstr1Summary): Record<string, unknown> {
  const supplierState = gstinStateCode(summary.gstin);
  const json: Record<string, unknown> = { gstin: summary.gstin, fp: summary.fp };
  if (summary.b2b.length > 0)
    json.b2b = groupBy(summary.b2b, (entry) => entry.customerGstin).map(([ctin, entries]) => ({
      ctin,
      inv: entries.map((entry) => ({
        inum: entry.number,
        idt: portalDate(entry.issueDate),
        val: rupees(entry.valuePaise),
        pos: entry.placeOfSupply,
        rchrg: 'N',
        inv_typ: 'R',
        itms: portalItems(entry, supplierState),
      })),
    }));
  if (summary.b2cl.length > 0)
    json.b2cl = groupBy(summary.b2cl, (entry) => entry.placeOfSupply).map(([pos, entries]) => ({
      pos,
      inv: entries.map((entry) => ({
        inum: entry.number,
        idt: portalDate(entry.issueDate),
        val: rupees(entry.valuePaise),
        itms: portalItems(entry, supplierState),
      })),
    }));
  if (summary.b2cs.length > 0)
    json.b2cs = summary.b2cs.map((row) => ({
      sply_ty: row.supplyType,
      pos: row.placeOfSupply,
      typ: 'OE',
      rt: rate(row.gstBp),
      txval: rupees(row.taxable),
      ...taxHeads(row, row.supplyType === 'INTRA'),
    }));
  if (summary.nil.length > 0)
    json.nil = {
      inv: summary.nil.map((row) => ({
        sply_ty: row.supplyType,
        nil_amt: rupees(row.nilPaise),
        expt_amt: 0,
        ngsup_amt: 0,
      })),
    };
  if (summary.cdnr.length > 0)
    json.cdnr = groupBy(summary.cdnr, (entry) => entry.customerGstin).map(([ctin, entries]) => ({
      ctin,
      nt: entries.map((entry) => ({
        ntty: 'C',
        nt_num: entry.number,
        nt_dt: portalDate(entry.issueDate),
        val: rupees(entry.valuePaise),
        pos: entry.placeOfSupply,
        rchrg: 'N',
        inv_typ: 'R',
        itms: portalItems(entry, supplierState),
      })),
    }));
  if (summary.cdnur.length > 0)
    json.cdnur = summary.cdnur.map((entry) => ({
      typ: 'B2CL',
      ntty: 'C',
      nt_num: entry.number,
      nt_dt: portalDate(entry.issueDate),
      val: rupees(entry.valuePaise),
      pos: entry.placeOfSupply,
      itms: portalItems(entry, supplierState),
    }));
  const hsnRows = (rows: HsnRow[]) =>
    rows.map((row, index) => ({
      num: index + 1,
      hsn_sc: row.code,
      desc: row.description,
      uqc: row.uqc,
      qty: row.quantity,
      rt: rate(row.gstBp),
      txval: rupees(row.taxable),
      iamt: rupees(row.igst),
      camt: rupees(row.cgst),
      samt: rupees(row.sgst),
      csamt: 0,
    }));
  if (summary.hsnB2b.length + summary.hsnB2c.length > 0)
    json.hsn = {
      ...(summary.hsnB2b.length > 0 ? { hsn_b2b: hsnRows(summary.hsnB2b) } : {}),
      ...(summary.hsnB2c.length > 0 ? { hsn_b2c: hsnRows(summary.hsnB2c) } : {}),
    };
  const docDet = [
    { doc_num: 1, doc_typ: DOC_TYPES.invoices, ranges: summary.invoiceRanges },
    { doc_num: 5, doc_typ: DOC_TYPES.creditNotes, ranges: summary.creditNoteRanges },
  ].filter((group) => group.ranges.length > 0);
  if (docDet.length > 0)
    json.doc_issue = {
      doc_det: docDet.map(({ ranges, ...group }) => ({
        ...group,
        docs: ranges.map((range, index) => ({
          num: index + 1,
          from: range.from,
          to: range.to,
          totnum: range.total,
          cancel: range.cancelled,
          net_issue: range.netIssued,
        })),
      })),
    };
  return json;
}

/* ------------------------------------------------------------------------------------------------
 * The offline tool's CSV sheets.
 * ---------------------------------------------------------------------------------------------- */

/** A cell we wrote (an amount, a rate, a code) or a text someone typed (a buyer's name). */
type Cell = string | number | { text: string };

/** Paise as rupees with exactly 2 decimals, from the integer (no floating point). */
export function rupeesText(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The offline tool's date: 2026-11-05 → 05-Nov-2026. */
const toolDate = (date: CalendarDate) =>
  `${date.slice(8, 10)}-${MONTH_NAMES[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
/** The offline tool's place of supply: "23-Madhya Pradesh". */
const toolPlace = (code: string) => `${code}-${gstStateName(code) ?? 'Other Territory'}`;

const NIL_DESCRIPTIONS: Record<NilSupplyType, string> = {
  INTRB2B: 'Inter-State supplies to registered persons',
  INTRAB2B: 'Intra-State supplies to registered persons',
  INTRB2C: 'Inter-State supplies to unregistered persons',
  INTRAB2C: 'Intra-State supplies to unregistered persons',
};

const HSN_HEADERS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

function hsnSheet(rows: readonly HsnRow[]): Cell[][] {
  return rows.map((row) => [
    row.code,
    { text: row.description },
    row.uqc === 'NOS' ? 'NOS-NUMBERS' : 'NA',
    row.quantity,
    rupeesText(valueOf(row)),
    rate(row.gstBp),
    rupeesText(row.taxable),
    rupeesText(row.igst),
    rupeesText(row.cgst),
    rupeesText(row.sgst),
    '0.00',
  ]);
}

/** The combined HSN summary (B2B and B2C together): one row per code, unit and rate. */
function combinedHsn(summary: Gstr1Summary): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const row of [...summary.hsnB2b, ...summary.hsnB2c]) {
    const key = `${row.code}|${row.gstBp}|${row.uqc}`;
    const into = rows.get(key);
    if (!into) rows.set(key, { ...row });
    else {
      into.quantity += row.quantity;
      into.taxable += row.taxable;
      into.igst += row.igst;
      into.cgst += row.cgst;
      into.sgst += row.sgst;
    }
  }
  return [...rows.values()].sort((a, b) =>
    a.code === b.code ? a.gstBp - b.gstBp : a.code < b.code ? -1 : 1,
  );
}

/** One sheet of the offline tool: its header row and rows. */
export function gstr1Sheet(
  summary: Gstr1Summary,
  section: Gstr1Section,
): { headers: string[]; rows: Cell[][] } {
  const rateRows = (entry: InvoiceEntry, leading: (item: RateItem) => Cell[], trailing: Cell[] = []) =>
    entry.items.map((item) => [
      ...leading(item),
      rate(item.gstBp),
      rupeesText(item.taxable),
      '0.00',
      ...trailing,
    ]);
  switch (section) {
    case 'b2b':
      return {
        headers: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Applicable % of Tax Rate',
          'Invoice Type',
          'E-Commerce GSTIN',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows: summary.b2b.flatMap((entry) =>
          rateRows(entry, () => [
            entry.customerGstin,
            { text: entry.customerName },
            entry.number,
            toolDate(entry.issueDate),
            rupeesText(entry.valuePaise),
            toolPlace(entry.placeOfSupply),
            'N',
            '',
            'Regular B2B',
            '',
          ]),
        ),
      };
    case 'b2cl':
      return {
        headers: [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        rows: summary.b2cl.flatMap((entry) =>
          rateRows(
            entry,
            () => [
              entry.number,
              toolDate(entry.issueDate),
              rupeesText(entry.valuePaise),
              toolPlace(entry.placeOfSupply),
              '',
            ],
            [''],
          ),
        ),
      };
    case 'b2cs':
      return {
        headers: [
          'Type',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        rows: summary.b2cs.map((row) => [
          'OE',
          toolPlace(row.placeOfSupply),
          '',
          rate(row.gstBp),
          rupeesText(row.taxable),
          '0.00',
          '',
        ]),
      };
    case 'cdnr':
      return {
        headers: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Reverse Charge',
          'Note Supply Type',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows: summary.cdnr.flatMap((entry) =>
          rateRows(entry, () => [
            entry.customerGstin,
            { text: entry.customerName },
            entry.number,
            toolDate(entry.issueDate),
            'C',
            toolPlace(entry.placeOfSupply),
            'N',
            'Regular B2B',
            rupeesText(entry.valuePaise),
            '',
          ]),
        ),
      };
    case 'cdnur':
      return {
        headers: [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows: summary.cdnur.flatMap((entry) =>
          rateRows(entry, () => [
            'B2CL',
            entry.number,
            toolDate(entry.issueDate),
            'C',
            toolPlace(entry.placeOfSupply),
            rupeesText(entry.valuePaise),
            '',
          ]),
        ),
      };
    case 'exemp':
      return {
        headers: [
          'Description',
          'Nil Rated Supplies',
          'Exempted(other than nil rated/non GST supply)',
          'Non-GST Supplies',
        ],
        rows: summary.nil.map((row) => [
          NIL_DESCRIPTIONS[row.supplyType],
          rupeesText(row.nilPaise),
          '0.00',
          '0.00',
        ]),
      };
    case 'hsn':
      return { headers: HSN_HEADERS, rows: hsnSheet(combinedHsn(summary)) };
    case 'hsn_b2b':
      return { headers: HSN_HEADERS, rows: hsnSheet(summary.hsnB2b) };
    case 'hsn_b2c':
      return { headers: HSN_HEADERS, rows: hsnSheet(summary.hsnB2c) };
    case 'docs':
      return {
        headers: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        rows: [
          ...summary.invoiceRanges.map((range) => ({ range, type: DOC_TYPES.invoices })),
          ...summary.creditNoteRanges.map((range) => ({ range, type: DOC_TYPES.creditNotes })),
        ].map(({ range, type }) => [type, range.from, range.to, range.total, range.cancelled]),
      };
  }
}

/**
 * A sheet as CSV text: a header row, CRLF line ends; a field with a comma, quote or line break is
 * quoted, and a typed text a spreadsheet would run as a formula (=, +, -, @ first) is led by an
 * apostrophe. Amounts are never touched, so a negative b2cs row stays a number.
 */
export function toCsv(sheet: { headers: string[]; rows: Cell[][] }): string {
  const field = (cell: Cell): string => {
    const raw =
      typeof cell === 'object' ? cell.text.replace(/^[=+\-@\t\r]/, (first) => `'${first}`) : String(cell);
    return /[",\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
  };
  return [sheet.headers, ...sheet.rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
