import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from '../src/domain/invoice-number.js';
import { formatCreditNoteNumber } from '../src/domain/tax-document.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

/*
 * GSTR-1 against the documents it summarises. Tax invoices and credit notes are written straight into
 * billing's tables (numbered from the same counters the issuing code uses), manual bills through the
 * real POST /bills; then every total of the export is checked against those documents.
 */

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('gstr1');
});
afterAll(async () => world?.close());

const SPA_STATE = '23'; // the default BUSINESS_GSTIN 23ABCDE1234F1Z8: Madhya Pradesh
const BUYER = '27AAPFU0939F1ZV';
const FY = '2026-27';

interface Line {
  kind: 'service' | 'product' | 'addon' | 'tip';
  taxCode: string;
  gstBp: number;
  quantity: number;
  taxable: number;
  /** Intra-state lines split it into CGST + SGST, inter-state lines carry it as IGST. */
  tax: number;
}

interface Issued {
  id: string;
  number: string;
  /** total − tip: what the document says was supplied. */
  valuePaise: number;
}

const service = (taxCode: string, gstBp: number, taxable: number): Line => ({
  kind: 'service',
  taxCode,
  gstBp,
  quantity: 1,
  taxable,
  tax: Math.round((taxable * gstBp) / 10_000),
});
const product = (taxCode: string, gstBp: number, taxable: number, quantity: number): Line => ({
  kind: 'product',
  taxCode,
  gstBp,
  quantity,
  taxable,
  tax: Math.round((taxable * gstBp) / 10_000),
});
const tip = (amount: number): Line => ({
  kind: 'tip',
  taxCode: '',
  gstBp: 0,
  quantity: 1,
  taxable: 0,
  tax: amount,
});

/** Writes a tax document as billing's issuing code does: the next number of its series, then its lines. */
async function issue(
  kind: 'invoice' | 'credit_note',
  fields: { date: string; placeOfSupply?: string; gstin?: string; lines: Line[]; original?: Issued },
): Promise<Issued> {
  const pool = world.deps.database.pool;
  const counter = kind === 'invoice' ? 'invoice_counters' : 'credit_note_counters';
  const { rows } = await pool.query<{ last_sequence: number }>(
    `insert into ${counter} (financial_year, last_sequence) values ($1, 1)
     on conflict (financial_year) do update set last_sequence = ${counter}.last_sequence + 1
     returning last_sequence`,
    [FY],
  );
  const sequence = rows[0]!.last_sequence;
  const number = (kind === 'invoice' ? formatInvoiceNumber : formatCreditNoteNumber)(FY, sequence);
  const placeOfSupply = fields.placeOfSupply ?? SPA_STATE;
  const intra = placeOfSupply === SPA_STATE;
  const split = (line: Line) => {
    if (line.kind === 'tip') return { cgst: 0, sgst: 0, igst: 0, total: line.tax };
    const sgst = intra ? Math.floor(line.tax / 2) : 0;
    return {
      cgst: intra ? line.tax - sgst : 0,
      sgst,
      igst: intra ? 0 : line.tax,
      total: line.taxable + line.tax,
    };
  };
  const sum = (pick: (line: Line) => number) => fields.lines.reduce((total, line) => total + pick(line), 0);
  const tipPaise = sum((line) => (line.kind === 'tip' ? line.tax : 0));
  const totals = {
    taxable: sum((line) => line.taxable),
    cgst: sum((line) => split(line).cgst),
    sgst: sum((line) => split(line).sgst),
    igst: sum((line) => split(line).igst),
  };
  const total = totals.taxable + totals.cgst + totals.sgst + totals.igst + tipPaise;
  const id = randomUUID();
  await pool.query(
    `insert into tax_documents (id, kind, number, financial_year, sequence, source_kind, source_id,
       original_document_id, issue_date, supplier_gstin, supplier_state_code, place_of_supply,
       customer_name, customer_gstin, taxable_paise, cgst_paise, sgst_paise, igst_paise, tip_paise,
       total_paise, payments)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '23ABCDE1234F1Z8', '23', $10, 'Buyer', $11, $12, $13,
       $14, $15, $16, $17, '[]')`,
    [
      id,
      kind,
      number,
      FY,
      sequence,
      kind === 'invoice' ? 'sale' : 'sale_refund',
      randomUUID(),
      fields.original?.id ?? null,
      fields.date,
      placeOfSupply,
      fields.gstin ?? '',
      totals.taxable,
      totals.cgst,
      totals.sgst,
      totals.igst,
      tipPaise,
      total,
    ],
  );
  for (const [position, line] of fields.lines.entries()) {
    const money = split(line);
    await pool.query(
      `insert into tax_document_lines (document_id, position, kind, name, tax_code, gst_bp, quantity,
         unit_price_paise, discount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, $12, $13)`,
      [
        id,
        position + 1,
        line.kind,
        `${line.kind} ${position + 1}`,
        line.taxCode,
        line.gstBp,
        line.quantity,
        Math.round(money.total / line.quantity),
        line.taxable,
        money.cgst,
        money.sgst,
        money.igst,
        money.total,
      ],
    );
  }
  return { id, number, valuePaise: total - tipPaise };
}

/** A manual bill through the API; what it supplied is its total less the advance (added, per the spec). */
async function bill(overrides: Record<string, unknown>): Promise<Issued> {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  const { _id: id, invoiceNumber } = response.json() as { _id: string; invoiceNumber: string };
  const { rows } = await world.deps.database.pool.query<{ supplied: string }>(
    'select (total_paise - advance_paise)::text as supplied from bills where id = $1',
    [id],
  );
  return { id, number: invoiceNumber, valuePaise: Number(rows[0]!.supplied) };
}

type Amounts = { txval: number; iamt?: number; camt?: number; samt?: number };
/** txval + tax of portal rows, in paise (the export's rupees have at most 2 decimals). */
const paiseOf = (rows: Amounts[]) =>
  rows.reduce(
    (sum, row) => sum + Math.round((row.txval + (row.iamt ?? 0) + (row.camt ?? 0) + (row.samt ?? 0)) * 100),
    0,
  );
const items = (documents: Array<{ itms: Array<{ itm_det: Amounts }> }>) =>
  documents.flatMap((document) => document.itms.map((item) => item.itm_det));

async function gstr1(query: string, as: 'admin' | 'employee' | 'customer' | 'nobody' = 'admin') {
  return world.call({ method: 'GET', url: `/admin/reports/gstr1${query}`, as });
}

describe('GSTR-1 export', () => {
  it('summarises every invoice, credit note and bill of the month, to the paisa', async () => {
    // The series in the order things happen; a bill dated back into October takes number 3.
    const firstBill = await bill({ date: '2026-11-21' }); // 000001, 5% overall discount
    const b2b = await issue('invoice', {
      date: '2026-11-05',
      gstin: BUYER,
      lines: [service('999723', 1800, 100_000), product('3304', 1800, 50_000, 2), tip(20_000)],
    }); // 000002
    await bill({ date: '2026-10-31' }); // 000003, October's
    const b2c = await issue('invoice', { date: '2026-11-10', lines: [service('999722', 1800, 200_000)] }); // 000004
    const large = await issue('invoice', {
      date: '2026-11-12',
      placeOfSupply: '27',
      lines: [product('3304', 1800, 9_000_000, 30)],
    }); // 000005: ₹1,06,200 to Maharashtra
    const small = await issue('invoice', {
      date: '2026-11-14',
      placeOfSupply: '29',
      lines: [product('3305', 500, 100_000, 1)],
    }); // 000006
    const lastBill = await bill({ date: '2026-11-25', discountPercent: 0, advanceAmount: 500 }); // 000007
    await issue('invoice', { date: '2026-12-01', lines: [service('999723', 1800, 70_000)] }); // December's

    const toBuyer = await issue('credit_note', {
      date: '2026-11-28',
      gstin: BUYER,
      original: b2b,
      lines: [product('3304', 1800, 25_000, 1)],
    });
    const toWalkIn = await issue('credit_note', {
      date: '2026-11-28',
      original: b2c,
      lines: [service('999722', 1800, 50_000)],
    });
    const againstLarge = await issue('credit_note', {
      date: '2026-11-29',
      placeOfSupply: '27',
      original: large,
      lines: [product('3304', 1800, 300_000, 1)],
    });
    await issue('credit_note', {
      date: '2026-12-02',
      original: b2c,
      lines: [service('999722', 1800, 10_000)],
    });

    const response = await gstr1('?month=2026-11');
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({ gstin: '23ABCDE1234F1Z8', fp: '112026' });

    // b2b: the buyer's invoice, one item per rate, its value without the tip.
    expect(json.b2b).toEqual([
      {
        ctin: BUYER,
        inv: [
          {
            inum: b2b.number,
            idt: '05-11-2026',
            val: 1770,
            pos: '23',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1500, camt: 135, samt: 135, csamt: 0 } }],
          },
        ],
      },
    ]);
    // b2cl: the inter-state invoice above ₹1 lakh; cdnur: its credit note.
    expect(json.b2cl).toEqual([
      {
        pos: '27',
        inv: [
          {
            inum: large.number,
            idt: '12-11-2026',
            val: 106_200,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 90_000, iamt: 16_200, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: againstLarge.number,
        nt_dt: '29-11-2026',
        val: 3540,
        pos: '27',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 3000, iamt: 540, csamt: 0 } }],
      },
    ]);
    expect(json.cdnr).toEqual([
      {
        ctin: BUYER,
        nt: [
          {
            ntty: 'C',
            nt_num: toBuyer.number,
            nt_dt: '28-11-2026',
            val: 295,
            pos: '23',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 250, camt: 22.5, samt: 22.5, csamt: 0 } }],
          },
        ],
      },
    ]);
    // b2cs: the walk-in's invoice net of its credit note, the small order to Karnataka, the bills at 5%.
    const b2cs = json.b2cs as Array<Amounts & { pos: string; rt: number; sply_ty: string }>;
    expect(b2cs.map((row) => [row.sply_ty, row.pos, row.rt])).toEqual([
      ['INTRA', '23', 5],
      ['INTRA', '23', 18],
      ['INTER', '29', 5],
    ]);
    expect(b2cs[1]).toMatchObject({ txval: 1500, camt: 135, samt: 135 });
    expect(b2cs[2]).toMatchObject({ txval: 1000, iamt: 50 });
    expect(paiseOf([b2cs[0]!])).toBe(firstBill.valuePaise + lastBill.valuePaise);

    // Every total against the documents: what the invoices and bills supplied less the credit notes.
    const supplied =
      b2b.valuePaise +
      b2c.valuePaise +
      large.valuePaise +
      small.valuePaise +
      firstBill.valuePaise +
      lastBill.valuePaise -
      toBuyer.valuePaise -
      toWalkIn.valuePaise -
      againstLarge.valuePaise;
    const reported =
      paiseOf(items(json.b2b.flatMap((buyer: { inv: [] }) => buyer.inv))) +
      paiseOf(items(json.b2cl.flatMap((place: { inv: [] }) => place.inv))) +
      paiseOf(b2cs) -
      paiseOf(items(json.cdnr.flatMap((buyer: { nt: [] }) => buyer.nt))) -
      paiseOf(items(json.cdnur));
    expect(reported).toBe(supplied);
    expect(paiseOf([...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c])).toBe(supplied);
    expect(json.hsn.hsn_b2b).toEqual([
      expect.objectContaining({ hsn_sc: '3304', uqc: 'NOS', qty: 1, rt: 18, txval: 250 }),
      expect.objectContaining({ hsn_sc: '999723', uqc: 'NA', qty: 0, rt: 18, txval: 1000 }),
    ]);

    // doc_issue: the month's numbers, October's bill breaking the range; December's left out.
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          { num: 1, from: firstBill.number, to: b2b.number, totnum: 2, cancel: 0, net_issue: 2 },
          { num: 2, from: b2c.number, to: lastBill.number, totnum: 4, cancel: 0, net_issue: 4 },
        ],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: toBuyer.number, to: againstLarge.number, totnum: 3, cancel: 0, net_issue: 3 }],
      },
    ]);
    expect([firstBill.number, b2b.number, b2c.number, lastBill.number]).toEqual([
      'INV/26-27/000001',
      'INV/26-27/000002',
      'INV/26-27/000004',
      'INV/26-27/000007',
    ]);

    // The CSV sheets carry the same figures.
    const csv = await gstr1('?month=2026-11&format=csv&section=b2cs');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="GSTR1_23ABCDE1234F1Z8_112026_b2cs.csv"',
    );
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(rows.map((row) => row.split(',')[4])).toEqual(b2cs.map((row) => row.txval.toFixed(2)));
    const docs = await gstr1('?month=2026-11&format=csv&section=docs');
    expect(docs.body.trimEnd().split('\r\n')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Invoices for outward supply,${firstBill.number},${b2b.number},2,0`,
      `Invoices for outward supply,${b2c.number},${lastBill.number},4,0`,
      `Credit Note,${toBuyer.number},${againstLarge.number},3,0`,
    ]);

    // A month with nothing: just who and when.
    expect((await gstr1('?month=2027-01')).json()).toEqual({ gstin: '23ABCDE1234F1Z8', fp: '012027' });
  });

  it('is the owner’s: an employee or a customer is refused, a visitor asked to sign in', async () => {
    expect((await gstr1('?month=2026-11', 'employee')).statusCode).toBe(403);
    expect((await gstr1('?month=2026-11', 'customer')).statusCode).toBe(403);
    expect((await gstr1('?month=2026-11', 'nobody')).statusCode).toBe(401);
  });

  it('answers a bad month or a CSV without its sheet with a 4xx naming the field', async () => {
    for (const query of ['', '?month=2026-13', '?month=November', '?month=2017-06']) {
      const response = await gstr1(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ code: 'INVALID_MONTH', details: [{ field: 'month' }] });
    }
    const noSection = await gstr1('?month=2026-11&format=csv');
    expect(noSection.statusCode).toBe(422);
    expect(noSection.json()).toMatchObject({ code: 'SECTION_REQUIRED', details: [{ field: 'section' }] });
    expect((await gstr1('?month=2026-11&format=csv&section=gstr3b')).statusCode).toBe(400);
    expect((await gstr1('?month=2026-11&format=xml')).statusCode).toBe(400);
  });
});
