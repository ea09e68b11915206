/**
 * The printed tax invoice or credit note (A4, rendered to PDF) and the 80 mm receipt, both from one
 * view of the stored document, in the look of the manual bills' invoice (invoice-template.ts).
 */
import { amountInWords, gstStateName } from '@spa/rules';
import { formatIndianDate } from './calendar.js';
import { escapeHtml } from './invoice-template.js';
import { formatRate, formatRupees, type Seller } from './invoice-view.js';
import type { TaxDocument } from './tax-document.js';

class Markup {
  constructor(readonly value: string) {}
}
type Interpolation = string | number | Markup | Markup[];
const interpolate = (value: Interpolation): string =>
  value instanceof Markup
    ? value.value
    : Array.isArray(value)
      ? value.map(interpolate).join('')
      : escapeHtml(String(value));
/** Every interpolated value is text (names people typed) and escaped, unless it is Markup. */
function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  return new Markup(strings.reduce((out, part, index) => out + interpolate(values[index - 1]!) + part));
}
const when = (condition: unknown, markup: () => Markup): Markup => (condition ? markup() : html``);

const IRN_NOT_REQUIRED = 'IRN: not required (turnover below the e-invoicing threshold)';

const METHOD_NAMES: Record<string, string> = {
  cash: 'Cash',
  card_terminal: 'Card (terminal)',
  razorpay: 'UPI / card (Razorpay)',
  online: 'Paid online',
  cash_on_delivery: 'Cash on delivery',
  // A visit's advance invoice cancelled at checkout: nothing is paid back, the sale's invoice took it over.
  adjusted: 'Adjusted at checkout',
};

interface DocumentLineView {
  number: number;
  description: string;
  detail: string;
  code: string;
  quantity: string;
  rate: string;
  discount: string;
  taxable: string;
  gstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** Everything a document prints, formatted for India (₹, en-IN grouping, dd/mm/yyyy). */
export interface DocumentView {
  title: 'TAX INVOICE' | 'CREDIT NOTE';
  number: string;
  date: string;
  against: string;
  seller: Seller & { stateCode: string; stateName: string };
  placeOfSupply: string;
  interState: boolean;
  buyer: { name: string; phone: string; email: string; customerId: string; gstin: string };
  lines: DocumentLineView[];
  tips: Array<{ description: string; amount: string }>;
  totals: {
    taxable: string;
    cgst: string;
    sgst: string;
    igst: string;
    /** The taxed lines' total (tax included, tips not). */
    lines: string;
    tip: string;
    total: string;
    words: string;
  };
  payments: Array<{ method: string; amount: string; reference: string }>;
  balance: string;
  hasBalance: boolean;
  irn: string;
}

const stateLabel = (code: string) => `${gstStateName(code) ?? `State ${code}`} (${code})`;

export function documentView(document: TaxDocument, seller: Seller): DocumentView {
  const interState = document.placeOfSupply !== document.supplierStateCode;
  const taxed = document.lines.filter((line) => line.kind !== 'tip');
  return {
    title: document.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE',
    number: document.number,
    date: formatIndianDate(document.issueDate),
    against: document.original
      ? `against invoice ${document.original.number}, dated ${formatIndianDate(document.original.issueDate)}`
      : '',
    seller: {
      ...seller,
      gstin: document.supplierGstin,
      stateCode: document.supplierStateCode,
      stateName: gstStateName(document.supplierStateCode) ?? `State ${document.supplierStateCode}`,
    },
    placeOfSupply: stateLabel(document.placeOfSupply),
    interState,
    buyer: {
      name: document.customer.name,
      phone: document.customer.phone,
      email: document.customer.email,
      customerId: document.customer.id,
      gstin: document.customer.gstin,
    },
    lines: taxed.map((line, index) => ({
      number: index + 1,
      description: line.name,
      detail: line.employeeName ? `By ${line.employeeName}` : '',
      code: line.taxCode,
      quantity: String(line.quantity),
      rate: formatRupees(line.unitPricePaise),
      discount: formatRupees(line.discountPaise),
      taxable: formatRupees(line.taxablePaise),
      gstRate: formatRate(interState ? line.gstBp : line.gstBp / 2),
      cgst: formatRupees(line.cgstPaise),
      sgst: formatRupees(line.sgstPaise),
      igst: formatRupees(line.igstPaise),
      total: formatRupees(line.totalPaise),
    })),
    tips: document.lines
      .filter((line) => line.kind === 'tip')
      .map((line) => ({ description: line.name, amount: formatRupees(line.totalPaise) })),
    totals: {
      taxable: formatRupees(document.taxablePaise),
      cgst: formatRupees(document.cgstPaise),
      sgst: formatRupees(document.sgstPaise),
      igst: formatRupees(document.igstPaise),
      lines: formatRupees(document.totalPaise - document.tipPaise),
      tip: formatRupees(document.tipPaise),
      total: formatRupees(document.totalPaise),
      words: amountInWords(document.totalPaise),
    },
    payments: document.payments.map((payment) => ({
      method: METHOD_NAMES[payment.method] ?? payment.method,
      amount: formatRupees(payment.amountPaise),
      reference: payment.reference,
    })),
    balance: formatRupees(document.balancePaise),
    hasBalance: document.balancePaise > 0,
    irn: document.irn ? `IRN: ${document.irn}` : IRN_NOT_REQUIRED,
  };
}

const CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:`;

const STYLES = `
@page { size: A4; margin: 12mm 10mm 14mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'Noto Sans', 'DejaVu Sans', sans-serif; font-size: 9pt; color: #1f2a24; }
.top { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid #2f5d50; padding-bottom: 8px; }
.seller h1 { margin: 0 0 4px; font-size: 17pt; color: #2f5d50; }
.seller p, .meta p, .party p { margin: 1px 0; }
.meta { text-align: right; }
.meta h2 { margin: 0 0 6px; font-size: 14pt; letter-spacing: 0.5px; }
.party { display: flex; gap: 24px; margin: 10px 0; }
.party > div { flex: 1; border: 1px solid #d5ddd8; border-radius: 4px; padding: 6px 8px; }
.label { color: #5c6b63; font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.5px; }
table { width: 100%; border-collapse: collapse; }
.lines { font-size: 8pt; }
.lines th { background: #eef3f0; font-size: 7pt; text-align: right; padding: 3px; border: 1px solid #d5ddd8; }
.lines td { padding: 4px 3px; border: 1px solid #d5ddd8; text-align: right; vertical-align: top; white-space: nowrap; }
.lines th.left, .lines td.left { text-align: left; white-space: normal; }
.lines tr.sum td { font-weight: 600; background: #f7f9f8; }
.detail { color: #5c6b63; font-size: 7.5pt; }
.bottom { display: flex; justify-content: space-between; gap: 24px; margin-top: 10px; }
.payment { flex: 1; }
.payment p { margin: 2px 0; }
.summary { width: 46%; }
.summary td { padding: 3px 6px; }
.summary td:last-child { text-align: right; white-space: nowrap; }
.summary tr.total td { border-top: 2px solid #2f5d50; font-size: 11pt; font-weight: 700; }
.words { margin-top: 8px; border-top: 1px solid #d5ddd8; padding-top: 6px; }
.words p { margin: 2px 0 0; }
.footer { margin-top: 28px; display: flex; justify-content: space-between; align-items: flex-end; color: #5c6b63; font-size: 7.5pt; }
.sign { text-align: right; color: #1f2a24; font-size: 9pt; }
`;

function taxHeads(view: DocumentView): Markup {
  return view.interState
    ? html`<th>IGST rate</th>
        <th>IGST</th>`
    : html`<th>CGST rate</th>
        <th>CGST</th>
        <th>SGST rate</th>
        <th>SGST</th>`;
}

function lineRow(view: DocumentView, line: DocumentLineView): Markup {
  const taxes = view.interState
    ? html`<td>${line.gstRate}</td>
        <td>${line.igst}</td>`
    : html`<td>${line.gstRate}</td>
        <td>${line.cgst}</td>
        <td>${line.gstRate}</td>
        <td>${line.sgst}</td>`;
  return html`<tr>
    <td>${line.number}</td>
    <td class="left">
      ${line.description}${when(line.detail, () => html`<div class="detail">${line.detail}</div>`)}
    </td>
    <td>${line.code}</td>
    <td>${line.quantity}</td>
    <td>${line.rate}</td>
    <td>${line.discount}</td>
    <td>${line.taxable}</td>
    ${taxes}
    <td>${line.total}</td>
  </tr>`;
}

/** The A4 document (tax invoice or credit note) as a complete HTML page with no outside resources. */
export function documentHtml(view: DocumentView): string {
  const { seller, buyer, totals } = view;
  const sumTaxes = view.interState
    ? html`<td></td>
        <td>${totals.igst}</td>`
    : html`<td></td>
        <td>${totals.cgst}</td>
        <td></td>
        <td>${totals.sgst}</td>`;
  return html`<!doctype html>
    <html lang="en-IN">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${CSP}" />
        <title>${view.title} ${view.number}</title>
        <style>
          ${new Markup(STYLES)}
        </style>
      </head>
      <body>
        <div class="top">
          <div class="seller">
            <h1>${seller.name}</h1>
            <p>${seller.address}</p>
            <p>GSTIN: ${seller.gstin} · State: ${seller.stateName} (${seller.stateCode})</p>
            <p>${seller.phone} · ${seller.email}</p>
          </div>
          <div class="meta">
            <h2>${view.title}</h2>
            <p>
              ${view.title === 'TAX INVOICE' ? 'Invoice' : 'Credit note'} No.: <strong>${view.number}</strong>
            </p>
            <p>Date: ${view.date}</p>
            ${when(view.against, () => html`<p>${view.against}</p>`)}
            <p>Place of Supply: ${view.placeOfSupply}</p>
          </div>
        </div>
        <div class="party">
          <div>
            <div class="label">Billed to</div>
            <p><strong>${buyer.name}</strong></p>
            ${when(buyer.gstin, () => html`<p>GSTIN: ${buyer.gstin}</p>`)}
            ${when(buyer.phone, () => html`<p>Phone: ${buyer.phone}</p>`)}
            ${when(buyer.email, () => html`<p>Email: ${buyer.email}</p>`)}
          </div>
          <div>
            <div class="label">Supply</div>
            <p>${view.interState ? 'Inter-state: IGST' : 'Intra-state: CGST + SGST'}</p>
            ${when(buyer.customerId, () => html`<p>Customer ID: ${buyer.customerId}</p>`)}
          </div>
        </div>
        <table class="lines">
          <thead>
            <tr>
              <th>#</th>
              <th class="left">Description</th>
              <th>SAC/HSN</th>
              <th>Qty</th>
              <th>Rate</th>
              <th>Disc.</th>
              <th>Taxable value</th>
              ${taxHeads(view)}
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            ${view.lines.map((line) => lineRow(view, line))}
            <tr class="sum">
              <td colspan="6" class="left">Total</td>
              <td>${totals.taxable}</td>
              ${sumTaxes}
              <td>${totals.lines}</td>
            </tr>
          </tbody>
        </table>
        <div class="bottom">
          <div class="payment">
            ${when(
              view.tips.length > 0,
              () =>
                html`<div class="label">Tip (not taxable)</div>
                  ${view.tips.map((tip) => html`<p>Tip (not taxable): ${tip.description} · ${tip.amount}</p>`)}`,
            )}
            <div class="label">${view.title === 'TAX INVOICE' ? 'Payments' : 'Refunded'}</div>
            ${view.payments.map(
              (payment) =>
                html`<p>
                  ${payment.method}:
                  ${payment.amount}${when(payment.reference, () => html` · Ref. ${payment.reference}`)}
                </p>`,
            )}
            ${when(view.hasBalance, () => html`<p><strong>Balance due: ${view.balance}</strong></p>`)}
          </div>
          <table class="summary">
            <tr>
              <td>Taxable value</td>
              <td>${totals.taxable}</td>
            </tr>
            ${
              view.interState
                ? html`<tr>
                    <td>IGST</td>
                    <td>${totals.igst}</td>
                  </tr>`
                : html`<tr>
                      <td>CGST</td>
                      <td>${totals.cgst}</td>
                    </tr>
                    <tr>
                      <td>SGST</td>
                      <td>${totals.sgst}</td>
                    </tr>`
            }
            ${when(
              view.tips.length > 0,
              () =>
                html`<tr>
                  <td>Tip (not taxable)</td>
                  <td>${totals.tip}</td>
                </tr>`,
            )}
            <tr class="total">
              <td>Total</td>
              <td>${totals.total}</td>
            </tr>
            ${when(
              view.hasBalance,
              () =>
                html`<tr>
                  <td>Balance due</td>
                  <td>${view.balance}</td>
                </tr>`,
            )}
          </table>
        </div>
        <div class="words">
          <span class="label">Amount in words</span>
          <p><strong>${totals.words}</strong></p>
        </div>
        <div class="footer">
          <div>
            This is a computer-generated ${view.title === 'TAX INVOICE' ? 'invoice' : 'credit note'}. Amounts
            in Indian rupees.<br />${view.irn}
          </div>
          <div class="sign">For ${seller.name}<br /><br /><br />Authorised Signatory</div>
        </div>
      </body>
    </html>`.value;
}

const RECEIPT_STYLES = `
@page { size: 80mm auto; margin: 3mm; }
* { box-sizing: border-box; }
body { margin: 0 auto; width: 74mm; font-family: 'DejaVu Sans Mono', 'Noto Sans Mono', monospace; font-size: 8pt; color: #000; }
h1 { font-size: 11pt; margin: 0; text-align: center; }
h2 { font-size: 9pt; margin: 4px 0; text-align: center; }
p { margin: 1px 0; }
.center { text-align: center; }
hr { border: 0; border-top: 1px dashed #000; margin: 4px 0; }
table { width: 100%; border-collapse: collapse; }
td { vertical-align: top; padding: 1px 0; }
td.amount { text-align: right; white-space: nowrap; }
.small { font-size: 7pt; }
.total td { font-weight: 700; font-size: 9pt; }
@media screen { body { padding: 4mm; border: 1px solid #ccc; } }
@media print { .no-print { display: none; } }
`;

/** The 80 mm receipt: the same document, narrow, for the counter's thermal printer. */
export function receiptHtml(view: DocumentView): string {
  const { seller, totals } = view;
  return html`<!doctype html>
    <html lang="en-IN">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${CSP}" />
        <title>${view.title} ${view.number}</title>
        <style>
          ${new Markup(RECEIPT_STYLES)}
        </style>
      </head>
      <body>
        <h1>${seller.name}</h1>
        <p class="center small">${seller.address}</p>
        <p class="center small">GSTIN ${seller.gstin}</p>
        <h2>${view.title}</h2>
        <p>No. ${view.number}</p>
        <p>Date ${view.date}</p>
        ${when(view.against, () => html`<p class="small">${view.against}</p>`)}
        <p>Place of supply ${view.placeOfSupply}</p>
        <p>${view.buyer.name}</p>
        ${when(view.buyer.gstin, () => html`<p>GSTIN ${view.buyer.gstin}</p>`)}
        <hr />
        <table>
          ${view.lines.map(
            (line) =>
              html`<tr>
                  <td colspan="2">${line.description}</td>
                </tr>
                <tr class="small">
                  <td>
                    ${line.code} · ${line.quantity} × ${line.rate} · GST
                    ${view.interState ? line.gstRate : line.gstRate + ' + ' + line.gstRate}
                  </td>
                  <td class="amount">${line.total}</td>
                </tr>`,
          )}
        </table>
        <hr />
        <table>
          <tr>
            <td>Taxable value</td>
            <td class="amount">${totals.taxable}</td>
          </tr>
          ${
            view.interState
              ? html`<tr>
                  <td>IGST</td>
                  <td class="amount">${totals.igst}</td>
                </tr>`
              : html`<tr>
                    <td>CGST</td>
                    <td class="amount">${totals.cgst}</td>
                  </tr>
                  <tr>
                    <td>SGST</td>
                    <td class="amount">${totals.sgst}</td>
                  </tr>`
          }
          ${view.tips.map(
            (tip) =>
              html`<tr>
                <td>Tip (not taxable) ${tip.description}</td>
                <td class="amount">${tip.amount}</td>
              </tr>`,
          )}
          <tr class="total">
            <td>Total</td>
            <td class="amount">${totals.total}</td>
          </tr>
          ${view.payments.map(
            (payment) =>
              html`<tr>
                <td>${payment.method}</td>
                <td class="amount">${payment.amount}</td>
              </tr>`,
          )}
          ${when(
            view.hasBalance,
            () =>
              html`<tr>
                <td>Balance due</td>
                <td class="amount">${view.balance}</td>
              </tr>`,
          )}
        </table>
        <hr />
        <p class="small">${totals.words}</p>
        <p class="small">${view.irn}</p>
        <p class="center small">Thank you</p>
      </body>
    </html>`.value;
}
