import { fromHundredths, lineTaxBreakdown, productAmount, roundToHundredths } from '@spa/rules';
import type { Bill } from './bill-types';

/** One row of the printed invoice, money in paise: what the billing service's PDF shows for the line. */
export interface InvoiceLine {
  kind: 'service' | 'product';
  description: string;
  detail: string;
  /** SAC for a service, HSN for a product, when the server names one. */
  code?: string;
  quantity: number;
  unitPricePaise: number;
  amountPaise: number;
  discountPercent: number;
  discountPaise: number;
  taxablePaise: number;
  /** Half the line's GST rate each. */
  halfGstPercent: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

export interface InvoiceTaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

function invoiceLine(
  kind: InvoiceLine['kind'],
  fields: Pick<InvoiceLine, 'description' | 'detail' | 'code' | 'quantity' | 'unitPricePaise'>,
  gst: number,
  discount: number,
): InvoiceLine {
  const amountPaise = productAmount(fields.quantity, fields.unitPricePaise);
  const split = lineTaxBreakdown(amountPaise, roundToHundredths(gst), roundToHundredths(discount));
  return {
    kind,
    ...fields,
    amountPaise,
    discountPercent: discount,
    discountPaise: split.discountAmount,
    taxablePaise: split.taxableValue,
    halfGstPercent: fromHundredths(roundToHundredths(gst) / 2),
    cgstPaise: split.cgst,
    sgstPaise: split.sgst,
    totalPaise: split.total,
  };
}

/** The bill's lines with the GST of each split into CGST and SGST halves (an intra-state supply). */
export function invoiceLines(bill: Pick<Bill, 'services' | 'products'>): InvoiceLine[] {
  const services = bill.services.map((line) =>
    invoiceLine(
      'service',
      {
        description: line.serviceName,
        detail: [line.duration, line.staffAssigned].filter(Boolean).join(' · '),
        code: line.sacCode,
        quantity: 1,
        unitPricePaise: roundToHundredths(line.price),
      },
      line.gst,
      line.discount,
    ),
  );
  const products = bill.products.map((line) =>
    invoiceLine(
      'product',
      {
        description: line.productName,
        detail: '',
        code: line.hsnCode ?? undefined,
        quantity: line.quantity,
        unitPricePaise: roundToHundredths(line.unitPrice),
      },
      line.gst,
      line.discount,
    ),
  );
  return [...services, ...products];
}

export function invoiceTaxTotals(lines: readonly InvoiceLine[]): InvoiceTaxTotals {
  return lines.reduce(
    (sum, line) => ({
      taxablePaise: sum.taxablePaise + line.taxablePaise,
      cgstPaise: sum.cgstPaise + line.cgstPaise,
      sgstPaise: sum.sgstPaise + line.sgstPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 },
  );
}
