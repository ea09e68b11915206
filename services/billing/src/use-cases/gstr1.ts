import { gstinStateCode } from '@spa/rules';
import { manualBillsIn, seriesOf, taxDocumentsIn } from '../db/gstr1.repository.js';
import {
  buildGstr1,
  gstr1Json,
  gstr1Sheet,
  manualBillDocument,
  monthBounds,
  toCsv,
  type Gstr1Section,
  type Gstr1Summary,
} from '../domain/gstr1.js';
import { financialYearOf } from '../domain/invoice-number.js';
import type { BillingContext } from './context.js';

type Deps = Pick<BillingContext, 'db' | 'config'>;

/**
 * The month's GSTR-1 from billing's own GST documents: the tax invoices and credit notes it issued
 * and the manual bills, read in one read-only snapshot so every section describes the same moment.
 */
async function gstr1Summary(deps: Deps, month: string): Promise<Gstr1Summary> {
  const range = monthBounds(month);
  const gstin = deps.config.business.gstin;
  const supplierState = gstinStateCode(gstin);
  const read = await deps.db.transaction(
    async (tx) => ({
      documents: await taxDocumentsIn(tx, range),
      bills: await manualBillsIn(tx, range),
      series: await seriesOf(tx, financialYearOf(range.first)),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return buildGstr1({
    gstin,
    month,
    documents: [...read.documents, ...read.bills.map((bill) => manualBillDocument(bill, supplierState))],
    series: read.series,
  });
}

export async function gstr1AsJson(deps: Deps, month: string): Promise<Record<string, unknown>> {
  return gstr1Json(await gstr1Summary(deps, month));
}

export async function gstr1AsCsv(deps: Deps, month: string, section: Gstr1Section): Promise<string> {
  return toCsv(gstr1Sheet(await gstr1Summary(deps, month), section));
}
