import type { Queryable } from '@spa/kit';
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '../domain/calendar.js';
import type { ManualBill, ReturnDocument, ReturnLine, SeriesEntry } from '../domain/gstr1.js';

/*
 * What GSTR-1 reads: the GST documents dated in a month (billing's tax invoices and credit notes, and
 * the manual bills), and every number of the month's financial year in the invoice and credit-note
 * series (for the documents-issued ranges). Plain reads; the caller runs them in one snapshot.
 */

type Range = { first: CalendarDate; last: CalendarDate };

type DocumentRow = {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issue_date: string;
  customer_gstin: string;
  customer_name: string;
  place_of_supply: string;
  original_number: string | null;
  original_place_of_supply: string | null;
  original_customer_gstin: string | null;
  original_value: string | null;
};

type DocumentLineRow = {
  document_id: string;
  kind: ReturnLine['kind'];
  tax_code: string;
  gst_bp: number;
  quantity: number;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  igst_paise: string;
};

/** Billing's tax invoices and credit notes issued in the range, with their lines, oldest first. */
export async function taxDocumentsIn(db: Queryable, range: Range): Promise<ReturnDocument[]> {
  const { rows: documents } = await db.execute<DocumentRow>(sql`
    select d.id, d.kind, d.number, to_char(d.issue_date, 'YYYY-MM-DD') as issue_date,
      d.customer_gstin, d.customer_name, d.place_of_supply,
      o.number as original_number, o.place_of_supply as original_place_of_supply,
      o.customer_gstin as original_customer_gstin,
      (o.total_paise - o.tip_paise)::text as original_value
    from tax_documents d
    left join tax_documents o on o.id = d.original_document_id
    where d.issue_date between ${range.first}::date and ${range.last}::date
    order by d.issue_date, d.kind, d.sequence`);
  if (documents.length === 0) return [];
  const { rows: lines } = await db.execute<DocumentLineRow>(sql`
    select l.document_id, l.kind, l.tax_code, l.gst_bp, l.quantity,
      l.taxable_paise::text, l.cgst_paise::text, l.sgst_paise::text, l.igst_paise::text
    from tax_document_lines l
    join tax_documents d on d.id = l.document_id
    where d.issue_date between ${range.first}::date and ${range.last}::date
    order by l.document_id, l.position`);
  const linesOf = new Map<string, ReturnLine[]>();
  for (const line of lines)
    linesOf.set(line.document_id, [
      ...(linesOf.get(line.document_id) ?? []),
      {
        kind: line.kind,
        taxCode: line.tax_code,
        gstBp: line.gst_bp,
        quantity: line.quantity,
        taxablePaise: Number(line.taxable_paise),
        cgstPaise: Number(line.cgst_paise),
        sgstPaise: Number(line.sgst_paise),
        igstPaise: Number(line.igst_paise),
      },
    ]);
  return documents.map((row) => ({
    kind: row.kind,
    number: row.number,
    issueDate: row.issue_date,
    customerGstin: row.customer_gstin,
    customerName: row.customer_name,
    placeOfSupply: row.place_of_supply,
    lines: linesOf.get(row.id) ?? [],
    ...(row.original_number !== null
      ? {
          original: {
            number: row.original_number,
            placeOfSupply: row.original_place_of_supply ?? '',
            customerGstin: row.original_customer_gstin ?? '',
            valuePaise: Number(row.original_value),
          },
        }
      : {}),
  }));
}

type BillRow = {
  id: string;
  invoice_number: string;
  bill_date: string;
  name: string;
  discount_percent_bp: number;
  discount_paise: string;
};

/** The manual bills dated in the range, with their lines in the order they print. */
export async function manualBillsIn(db: Queryable, range: Range): Promise<ManualBill[]> {
  const { rows: bills } = await db.execute<BillRow>(sql`
    select id, invoice_number, to_char(bill_date, 'YYYY-MM-DD') as bill_date, name,
      discount_percent_bp, discount_paise::text
    from bills
    where bill_date between ${range.first}::date and ${range.last}::date
    order by bill_date, financial_year, invoice_sequence`);
  if (bills.length === 0) return [];
  const { rows: services } = await db.execute<{
    bill_id: string;
    service_name: string;
    price_paise: string;
    gst_bp: number;
    discount_bp: number;
  }>(sql`
    select l.bill_id, l.service_name, l.price_paise::text, l.gst_bp, l.discount_bp
    from bill_service_lines l join bills b on b.id = l.bill_id
    where b.bill_date between ${range.first}::date and ${range.last}::date
    order by l.bill_id, l.position`);
  const { rows: products } = await db.execute<{
    bill_id: string;
    product_name: string;
    quantity: number;
    unit_price_paise: string;
    gst_bp: number;
    discount_bp: number;
  }>(sql`
    select l.bill_id, l.product_name, l.quantity, l.unit_price_paise::text, l.gst_bp, l.discount_bp
    from bill_product_lines l join bills b on b.id = l.bill_id
    where b.bill_date between ${range.first}::date and ${range.last}::date
    order by l.bill_id, l.position`);
  return bills.map((bill) => ({
    invoiceNumber: bill.invoice_number,
    date: bill.bill_date,
    name: bill.name,
    discountPercentBp: bill.discount_percent_bp,
    discountPaise: Number(bill.discount_paise),
    services: services
      .filter((line) => line.bill_id === bill.id)
      .map((line) => ({
        serviceName: line.service_name,
        pricePaise: Number(line.price_paise),
        gstBp: line.gst_bp,
        discountBp: line.discount_bp,
      })),
    products: products
      .filter((line) => line.bill_id === bill.id)
      .map((line) => ({
        productName: line.product_name,
        quantity: line.quantity,
        unitPricePaise: Number(line.unit_price_paise),
        gstBp: line.gst_bp,
        discountBp: line.discount_bp,
      })),
  }));
}

/**
 * Every number of a financial year's invoice series (manual bills and tax invoices share it) and
 * credit-note series, with the month each document is dated in.
 */
export async function seriesOf(
  db: Queryable,
  financialYear: string,
): Promise<{ invoices: SeriesEntry[]; creditNotes: SeriesEntry[] }> {
  const { rows } = await db.execute<{ kind: string; number: string; sequence: number; month: string }>(sql`
    select 'invoice' as kind, invoice_number as number, invoice_sequence as sequence,
      to_char(bill_date, 'YYYY-MM') as month
    from bills where financial_year = ${financialYear}
    union all
    select kind, number, sequence, to_char(issue_date, 'YYYY-MM') as month
    from tax_documents where financial_year = ${financialYear}`);
  const entries = (kind: string) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ number: row.number, sequence: row.sequence, month: row.month }));
  return { invoices: entries('invoice'), creditNotes: entries('credit_note') };
}
