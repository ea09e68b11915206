import { lineTaxBreakdown } from '@spa/rules';
import { describe, expect, it } from 'vitest';
import {
  buildGstr1,
  documentRanges,
  gstr1Json,
  gstr1Sheet,
  manualBillDocument,
  monthBounds,
  parseReturnMonth,
  rupees,
  rupeesText,
  toCsv,
  type ReturnDocument,
  type ReturnLine,
  type SeriesEntry,
} from './gstr1.js';

const SPA = '23ABCDE1234F1Z8'; // Madhya Pradesh (23)
const BUYER = '27AAPFU0939F1ZV'; // a registered buyer in Maharashtra
const MONTH = '2026-11';

/** A line inside the state: taxable + CGST/SGST at the rate (tax split with the odd paisa to CGST). */
function intra(
  kind: ReturnLine['kind'],
  taxCode: string,
  gstBp: number,
  taxable: number,
  quantity = 1,
): ReturnLine {
  const tax = Math.round((taxable * gstBp) / 10_000);
  const sgst = Math.floor(tax / 2);
  return {
    kind,
    taxCode,
    gstBp,
    quantity,
    taxablePaise: taxable,
    cgstPaise: tax - sgst,
    sgstPaise: sgst,
    igstPaise: 0,
  };
}

function inter(
  kind: ReturnLine['kind'],
  taxCode: string,
  gstBp: number,
  taxable: number,
  quantity = 1,
): ReturnLine {
  const tax = Math.round((taxable * gstBp) / 10_000);
  return {
    kind,
    taxCode,
    gstBp,
    quantity,
    taxablePaise: taxable,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: tax,
  };
}

/** A tip line: its money is in the document's total, never in a taxable value or tax. */
const tip: ReturnLine = {
  kind: 'tip',
  taxCode: '',
  gstBp: 0,
  quantity: 1,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
};

const valueOf = (lines: ReturnLine[]) =>
  lines.reduce((sum, l) => sum + l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise, 0);

function invoice(number: string, lines: ReturnLine[], fields: Partial<ReturnDocument> = {}): ReturnDocument {
  return {
    kind: 'invoice',
    number,
    issueDate: '2026-11-05',
    customerGstin: '',
    customerName: 'Asha Verma',
    placeOfSupply: '23',
    lines,
    ...fields,
  };
}

function creditNote(number: string, against: ReturnDocument, lines: ReturnLine[]): ReturnDocument {
  return {
    ...against,
    kind: 'credit_note',
    number,
    issueDate: '2026-11-20',
    lines,
    original: {
      number: against.number,
      placeOfSupply: against.placeOfSupply,
      customerGstin: against.customerGstin,
      valuePaise: valueOf(against.lines),
    },
  };
}

const summaryOf = (documents: ReturnDocument[], series: SeriesEntry[] = []) =>
  buildGstr1({ gstin: SPA, month: MONTH, documents, series: { invoices: series, creditNotes: [] } });

const massage = (taxable: number) => intra('service', '999723', 1800, taxable);
const cream = (taxable: number, quantity = 1) => intra('product', '3304', 1800, taxable, quantity);

describe('GSTR-1: what each section must contain', () => {
  const b2bInvoice = invoice('INV/26-27/000001', [massage(100_000), cream(50_000, 2), tip], {
    customerGstin: BUYER,
    customerName: 'Kapoor Wellness LLP',
  });
  const small = invoice('INV/26-27/000002', [massage(200_000)]);
  const large = invoice('INV/26-27/000003', [inter('product', '3304', 1800, 9_000_000, 30)], {
    placeOfSupply: '27',
  });
  // ₹84,745.76 + 18% IGST = exactly ₹1,00,000.00.
  const atLakh = invoice('INV/26-27/000004', [inter('service', '999723', 1800, 8_474_576)], {
    placeOfSupply: '29',
  });
  const nilRated = invoice('INV/26-27/000005', [intra('product', '0902', 0, 30_000)]);

  const cases: Array<{
    mistake: string;
    documents: ReturnDocument[];
    check: (s: ReturnType<typeof summaryOf>) => void;
  }> = [
    {
      mistake: 'a B2B invoice missing from b2b, its rates not summed per invoice, or its tip in its value',
      documents: [b2bInvoice],
      check: (s) => {
        expect(s.b2b).toHaveLength(1);
        expect(s.b2b[0]).toMatchObject({ number: 'INV/26-27/000001', customerGstin: BUYER });
        expect(s.b2b[0]!.items).toEqual([
          { gstBp: 1800, taxable: 150_000, igst: 0, cgst: 13_500, sgst: 13_500 },
        ]);
        // 1,500 + 270 tax; the ₹200 tip is not the spa's supply.
        expect(s.b2b[0]!.valuePaise).toBe(177_000);
        expect(s.b2cs).toEqual([]);
      },
    },
    {
      mistake: 'a B2C invoice listed one by one instead of summed by state and rate',
      documents: [small, invoice('INV/26-27/000006', [massage(50_000)])],
      check: (s) => {
        expect(s.b2b).toEqual([]);
        expect(s.b2cs).toEqual([
          {
            placeOfSupply: '23',
            supplyType: 'INTRA',
            gstBp: 1800,
            taxable: 250_000,
            igst: 0,
            cgst: 22_500,
            sgst: 22_500,
          },
        ]);
      },
    },
    {
      mistake:
        'an inter-state B2C invoice above ₹1 lakh summed into b2cs (it is b2cl), or one at ₹1 lakh listed',
      documents: [large, atLakh],
      check: (s) => {
        expect(s.b2cl.map((entry) => entry.number)).toEqual(['INV/26-27/000003']);
        expect(s.b2cl[0]!.items).toEqual([
          { gstBp: 1800, taxable: 9_000_000, igst: 1_620_000, cgst: 0, sgst: 0 },
        ]);
        // Exactly ₹1 lakh is not above it: summed, as an inter-state supply to Karnataka.
        expect(valueOf(atLakh.lines)).toBe(10_000_000);
        expect(s.b2cs).toEqual([
          {
            placeOfSupply: '29',
            supplyType: 'INTER',
            gstBp: 1800,
            taxable: 8_474_576,
            igst: 1_525_424,
            cgst: 0,
            sgst: 0,
          },
        ]);
      },
    },
    {
      mistake: 'a 0% line summed into b2cs at rate 0 instead of the nil-rated table',
      documents: [nilRated],
      check: (s) => {
        expect(s.b2cs).toEqual([]);
        expect(s.nil).toEqual([{ supplyType: 'INTRAB2C', nilPaise: 30_000 }]);
        expect(s.hsnB2c).toMatchObject([{ code: '0902', gstBp: 0, taxable: 30_000, quantity: 1 }]);
      },
    },
    {
      mistake: 'a credit note to a registered buyer netted away instead of reported in cdnr',
      documents: [b2bInvoice, creditNote('CN/26-27/000001', b2bInvoice, [cream(25_000, 1)])],
      check: (s) => {
        expect(s.cdnr).toHaveLength(1);
        expect(s.cdnr[0]).toMatchObject({
          number: 'CN/26-27/000001',
          customerGstin: BUYER,
          valuePaise: 29_500,
        });
        expect(s.b2b[0]!.items[0]!.taxable).toBe(150_000);
      },
    },
    {
      mistake: 'a B2C credit note reported on its own instead of netted into its b2cs row',
      documents: [small, creditNote('CN/26-27/000002', small, [massage(50_000)])],
      check: (s) => {
        expect(s.cdnr).toEqual([]);
        expect(s.cdnur).toEqual([]);
        expect(s.b2cs).toEqual([
          {
            placeOfSupply: '23',
            supplyType: 'INTRA',
            gstBp: 1800,
            taxable: 150_000,
            igst: 0,
            cgst: 13_500,
            sgst: 13_500,
          },
        ]);
      },
    },
    {
      mistake: 'a credit note netted into b2cs rows that its b2cl invoice never entered (it is cdnur)',
      documents: [large, creditNote('CN/26-27/000003', large, [inter('product', '3304', 1800, 300_000, 1)])],
      check: (s) => {
        expect(s.b2cs).toEqual([]);
        expect(s.cdnur).toHaveLength(1);
        expect(s.cdnur[0]).toMatchObject({
          number: 'CN/26-27/000003',
          placeOfSupply: '27',
          valuePaise: 354_000,
        });
      },
    },
    {
      mistake: 'HSN rows not split B2B/B2C, services counted in units, or credit notes not subtracted',
      documents: [b2bInvoice, small, creditNote('CN/26-27/000004', b2bInvoice, [cream(25_000, 1)])],
      check: (s) => {
        expect(s.hsnB2b).toEqual([
          {
            code: '3304',
            description: '',
            uqc: 'NOS',
            quantity: 1,
            gstBp: 1800,
            taxable: 25_000,
            igst: 0,
            cgst: 2_250,
            sgst: 2_250,
          },
          {
            code: '999723',
            description: 'Physical well-being services',
            uqc: 'NA',
            quantity: 0,
            gstBp: 1800,
            taxable: 100_000,
            igst: 0,
            cgst: 9_000,
            sgst: 9_000,
          },
        ]);
        expect(s.hsnB2c).toMatchObject([{ code: '999723', uqc: 'NA', quantity: 0, taxable: 200_000 }]);
      },
    },
  ];

  it.each(cases)('catches $mistake', ({ documents, check }) => check(summaryOf(documents)));
});

describe('GSTR-1: a manual bill', () => {
  const bill = {
    invoiceNumber: 'INV/26-27/000010',
    date: '2026-11-21',
    name: 'Asha Verma',
    discountPercentBp: 0,
    discountPaise: 0,
    services: [{ serviceName: 'Swedish Massage', pricePaise: 250_000, gstBp: 500, discountBp: 500 }],
    products: [
      {
        productName: 'Lavender Essential Oil',
        quantity: 2,
        unitPricePaise: 64_999,
        gstBp: 500,
        discountBp: 500,
      },
    ],
  };

  it('reports the split the printed invoice shows when there is no overall discount (GST added on top)', () => {
    const document = manualBillDocument(bill, '23');
    const massageLine = lineTaxBreakdown(250_000, 500, 500);
    const oilLine = lineTaxBreakdown(129_998, 500, 500);
    expect(document.lines).toEqual([
      {
        kind: 'service',
        taxCode: '999723',
        gstBp: 500,
        quantity: 1,
        taxablePaise: massageLine.taxableValue,
        cgstPaise: massageLine.cgst,
        sgstPaise: massageLine.sgst,
        igstPaise: 0,
      },
      {
        kind: 'product',
        taxCode: '3301',
        gstBp: 500,
        quantity: 2,
        taxablePaise: oilLine.taxableValue,
        cgstPaise: oilLine.cgst,
        sgstPaise: oilLine.sgst,
        igstPaise: 0,
      },
    ]);
    expect(document).toMatchObject({ kind: 'invoice', customerGstin: '', placeOfSupply: '23' });
  });

  it('takes the overall discount off the value of supply (not tax on the undiscounted price)', () => {
    const lineTotals = lineTaxBreakdown(250_000, 500, 500).total + lineTaxBreakdown(129_998, 500, 500).total;
    const discount = Math.round(lineTotals * 0.05);
    const document = manualBillDocument({ ...bill, discountPercentBp: 500, discountPaise: discount }, '23');
    const value = document.lines.reduce((sum, l) => sum + l.taxablePaise + l.cgstPaise + l.sgstPaise, 0);
    // What the customer pays for the supply (the advance is no part of it), to the paisa.
    expect(value).toBe(lineTotals - discount);
    expect(document.lines[0]!.taxablePaise).toBeLessThan(lineTaxBreakdown(250_000, 500, 500).taxableValue);
  });
});

describe('GSTR-1: documents issued', () => {
  const entry = (sequence: number, month = MONTH): SeriesEntry => ({
    number: `INV/26-27/${String(sequence).padStart(6, '0')}`,
    sequence,
    month,
  });

  it('reports one range for a month that used a stretch of the series', () => {
    expect(documentRanges([entry(3), entry(1), entry(2), entry(4, '2026-12')], MONTH)).toEqual([
      { from: 'INV/26-27/000001', to: 'INV/26-27/000003', total: 3, cancelled: 0, netIssued: 3 },
    ]);
  });

  it('breaks the range where a bill dated in another month took a number (not counting it cancelled)', () => {
    expect(documentRanges([entry(1), entry(2), entry(3, '2026-10'), entry(4), entry(5)], MONTH)).toEqual([
      { from: 'INV/26-27/000001', to: 'INV/26-27/000002', total: 2, cancelled: 0, netIssued: 2 },
      { from: 'INV/26-27/000004', to: 'INV/26-27/000005', total: 2, cancelled: 0, netIssued: 2 },
    ]);
  });

  it('counts a number inside the range that was never issued as cancelled', () => {
    expect(documentRanges([entry(1), entry(3)], MONTH)).toEqual([
      { from: 'INV/26-27/000001', to: 'INV/26-27/000003', total: 3, cancelled: 1, netIssued: 2 },
    ]);
  });

  it('reports nothing for a month without documents', () => {
    expect(documentRanges([entry(1, '2026-10')], MONTH)).toEqual([]);
  });

  it('counts numbers issued with the year written long, in a range of their own form', () => {
    const long = (sequence: number): SeriesEntry => ({
      number: `INV/2026-27/${String(sequence).padStart(6, '0')}`,
      sequence,
      month: MONTH,
    });
    expect(documentRanges([entry(4), long(1), entry(3), long(2)], MONTH)).toEqual([
      { from: 'INV/2026-27/000001', to: 'INV/2026-27/000002', total: 2, cancelled: 0, netIssued: 2 },
      { from: 'INV/26-27/000003', to: 'INV/26-27/000004', total: 2, cancelled: 0, netIssued: 2 },
    ]);
  });
});

describe('GSTR-1: the month and the money', () => {
  it.each(['', '2026-13', '2026-1', '26-11', '2026-11-01', '2017-06'])(
    'refuses the month %j with 422',
    (month) => {
      let thrown: unknown;
      try {
        parseReturnMonth(month);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ statusCode: 422, code: 'INVALID_MONTH' });
    },
  );

  it('reads a month and its days (February of a leap year included)', () => {
    expect(parseReturnMonth(' 2028-02 ')).toBe('2028-02');
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30' });
  });

  it('writes rupees from paise exactly: JSON numbers and CSV text with 2 decimals', () => {
    expect(JSON.stringify([rupees(29), rupees(100_000_01), rupees(-4_550)])).toBe('[0.29,100000.01,-45.5]');
    expect([rupeesText(29), rupeesText(100_000_01), rupeesText(-4_550), rupeesText(0)]).toEqual([
      '0.29',
      '100000.01',
      '-45.50',
      '0.00',
    ]);
  });
});

describe('GSTR-1: the portal JSON and the offline tool CSV', () => {
  const b2b = invoice('INV/26-27/000001', [massage(100_000)], {
    customerGstin: BUYER,
    customerName: '=HYPERLINK("x")',
  });
  const away = invoice('INV/26-27/000002', [inter('service', '999723', 1800, 10_000)], {
    placeOfSupply: '27',
  });
  const small = invoice('INV/26-27/000003', [massage(10_000)]);
  const summary = summaryOf(
    [b2b, away, small, creditNote('CN/26-27/000001', small, [massage(20_000)])],
    [
      { number: 'INV/26-27/000001', sequence: 1, month: MONTH },
      { number: 'INV/26-27/000002', sequence: 2, month: MONTH },
      { number: 'INV/26-27/000003', sequence: 3, month: MONTH },
    ],
  );

  it('writes the portal shapes: CGST+SGST inside the state, IGST across, dates dd-mm-yyyy', () => {
    const json = gstr1Json(summary);
    expect(json.gstin).toBe(SPA);
    expect(json.fp).toBe('112026');
    expect(json.b2b).toEqual([
      {
        ctin: BUYER,
        inv: [
          {
            inum: 'INV/26-27/000001',
            idt: '05-11-2026',
            val: 1180,
            pos: '23',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, camt: 90, samt: 90, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '23', typ: 'OE', rt: 18, txval: -100, camt: -9, samt: -9, csamt: 0 },
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 100, iamt: 18, csamt: 0 },
    ]);
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [
            {
              num: 1,
              from: 'INV/26-27/000001',
              to: 'INV/26-27/000003',
              totnum: 3,
              cancel: 0,
              net_issue: 3,
            },
          ],
        },
      ],
    });
    expect(json).not.toHaveProperty('cdnr');
    expect(json.hsn).toHaveProperty('hsn_b2b');
    expect(json.hsn).toHaveProperty('hsn_b2c');
  });

  it('writes the offline tool sheet, a typed name defused and a negative amount left a number', () => {
    expect(toCsv(gstr1Sheet(summary, 'b2b')).split('\r\n')).toEqual([
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
      `${BUYER},"'=HYPERLINK(""x"")",INV/26-27/000001,05-Nov-2026,1180.00,23-Madhya Pradesh,N,,Regular B2B,,18,1000.00,0.00`,
      '',
    ]);
    expect(toCsv(gstr1Sheet(summary, 'b2cs')).split('\r\n').slice(1, 3)).toEqual([
      'OE,23-Madhya Pradesh,,18,-100.00,0.00,',
      'OE,27-Maharashtra,,18,100.00,0.00,',
    ]);
    expect(toCsv(gstr1Sheet(summary, 'docs')).split('\r\n')[1]).toBe(
      'Invoices for outward supply,INV/26-27/000001,INV/26-27/000003,3,0',
    );
  });
});
