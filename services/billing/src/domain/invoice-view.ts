import {
  amountInWords,
  gstinStateCode,
  lineTaxBreakdown,
  productAmount,
  type BasisPoints,
  type LineTaxBreakdown,
  type Paise,
} from '@spa/rules';
import type { Bill } from './bill.js';
import { formatIndianDate } from './calendar.js';
import { hsnCodeFor, sacCodeFor } from './tax-codes.js';

/** The seller block of the invoice, from configuration. */
export interface Seller {
  name: string;
  address: string;
  gstin: string;
  phone: string;
  email: string;
}

/** One invoice line, every figure already formatted as printed. */
export interface InvoiceLineView {
  number: number;
  description: string;
  detail: string;
  code: string;
  quantity: string;
  rate: string;
  discount: string;
  taxableValue: string;
  cgstRate: string;
  cgst: string;
  sgstRate: string;
  sgst: string;
  total: string;
}

/** Everything the tax invoice prints, formatted for India (₹, en-IN digit grouping, dd/mm/yyyy). */
export interface InvoiceView {
  seller: Seller & { stateCode: string; stateName: string };
  invoiceNumber: string;
  invoiceDate: string;
  placeOfSupply: string;
  customer: {
    name: string;
    phone: string;
    email: string;
    customerId: string;
    gender: string;
    roomNo: string;
  };
  services: InvoiceLineView[];
  products: InvoiceLineView[];
  totals: {
    taxableValue: string;
    cgst: string;
    sgst: string;
    subTotal: string;
    discountPercent: string;
    discountAmount: string;
    advance: string;
    total: string;
    totalInWords: string;
  };
  paymentMethod: string;
}

const STATE_NAMES: Record<string, string> = { '23': 'Madhya Pradesh' };

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** ₹1,23,456.78: the rupee sign and Indian digit grouping (lakh, crore). */
export function formatRupees(amount: Paise): string {
  return rupees.format(amount / 100);
}

/** 18%, 2.5%, 1.125% (a CGST half of 2.25% GST). */
export function formatRate(rate: BasisPoints): string {
  return `${percent.format(rate / 100)}%`;
}

function lineView(
  number: number,
  line: { description: string; detail: string; code: string; quantity: string; rate: Paise },
  gst: BasisPoints,
  discount: BasisPoints,
  tax: LineTaxBreakdown,
): InvoiceLineView {
  return {
    number,
    description: line.description,
    detail: line.detail,
    code: line.code,
    quantity: line.quantity,
    rate: formatRupees(line.rate),
    discount: formatRate(discount),
    taxableValue: formatRupees(tax.taxableValue),
    cgstRate: formatRate(gst / 2),
    cgst: formatRupees(tax.cgst),
    sgstRate: formatRate(gst / 2),
    sgst: formatRupees(tax.sgst),
    total: formatRupees(tax.total),
  };
}

export function invoiceView(bill: Bill, seller: Seller): InvoiceView {
  const serviceTaxes = bill.services.map((line) => lineTaxBreakdown(line.price, line.gst, line.discount));
  const productTaxes = bill.products.map((line) =>
    lineTaxBreakdown(productAmount(line.quantity, line.unitPrice), line.gst, line.discount),
  );
  const allTaxes = [...serviceTaxes, ...productTaxes];
  const sum = (pick: (tax: LineTaxBreakdown) => Paise) =>
    allTaxes.reduce((total, tax) => total + pick(tax), 0);
  const stateCode = gstinStateCode(seller.gstin);
  const stateName = STATE_NAMES[stateCode] ?? `State ${stateCode}`;

  return {
    seller: { ...seller, stateCode, stateName },
    invoiceNumber: bill.invoiceNumber,
    invoiceDate: formatIndianDate(bill.date),
    placeOfSupply: `${stateName} (${stateCode})`,
    customer: {
      name: bill.name,
      phone: bill.phone,
      email: bill.email ?? '',
      customerId: bill.customerId,
      gender: bill.gender ?? '',
      roomNo: bill.roomNo,
    },
    services: bill.services.map((line, index) =>
      lineView(
        index + 1,
        {
          description: line.serviceName,
          detail: [line.duration, line.staffAssigned && `Staff: ${line.staffAssigned}`]
            .filter(Boolean)
            .join(' · '),
          code: sacCodeFor(line.serviceName),
          quantity: '1',
          rate: line.price,
        },
        line.gst,
        line.discount,
        serviceTaxes[index]!,
      ),
    ),
    products: bill.products.map((line, index) =>
      lineView(
        bill.services.length + index + 1,
        {
          description: line.productName,
          detail: '',
          code: hsnCodeFor(line.productName) ?? '',
          quantity: String(line.quantity),
          rate: line.unitPrice,
        },
        line.gst,
        line.discount,
        productTaxes[index]!,
      ),
    ),
    totals: {
      taxableValue: formatRupees(sum((tax) => tax.taxableValue)),
      cgst: formatRupees(sum((tax) => tax.cgst)),
      sgst: formatRupees(sum((tax) => tax.sgst)),
      subTotal: formatRupees(bill.subTotal),
      discountPercent: formatRate(bill.discountPercent),
      discountAmount: formatRupees(bill.discountAmount),
      advance: formatRupees(bill.advanceAmount),
      total: formatRupees(bill.totalPrice),
      totalInWords: amountInWords(bill.totalPrice),
    },
    paymentMethod: bill.paymentMethod,
  };
}
