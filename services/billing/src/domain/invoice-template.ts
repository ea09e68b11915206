import type { InvoiceLineView, InvoiceView } from './invoice-view.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** Markup built by the template itself; anything else interpolated into it is text and gets escaped. */
class Markup {
  constructor(readonly value: string) {}
}

type Interpolation = string | number | Markup | Markup[];

function interpolate(value: Interpolation): string {
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  return escapeHtml(String(value));
}

/** A tagged template: bills carry text people typed, so every value is escaped unless it is Markup. */
function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  return new Markup(strings.reduce((out, part, index) => out + interpolate(values[index - 1]!) + part));
}

const when = (condition: unknown, markup: () => Markup): Markup => (condition ? markup() : html``);

// The rupee sign (U+20B9) is in Noto Sans and DejaVu Sans (Debian's fonts-noto-core and
// fonts-dejavu-core); naming them first keeps Chromium from falling back to a font without it.
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
.lines th.description { width: 27%; }
.lines th.group { text-align: center; }
.lines td { padding: 4px 3px; border: 1px solid #d5ddd8; text-align: right; vertical-align: top; white-space: nowrap; }
.lines th.left, .lines td.left { text-align: left; white-space: normal; }
.lines tr.section td { background: #f7f9f8; font-weight: 600; text-align: left; }
.lines tr.sum td { font-weight: 600; background: #f7f9f8; }
.detail { color: #5c6b63; font-size: 7.5pt; }
.bottom { display: flex; justify-content: space-between; gap: 24px; margin-top: 10px; }
.payment { flex: 1; }
.words { margin-top: 8px; border-top: 1px solid #d5ddd8; padding-top: 6px; }
.words p { margin: 2px 0 0; }
.nowrap { white-space: nowrap; }
.summary { width: 46%; }
.summary td { padding: 3px 6px; }
.summary td:last-child { text-align: right; white-space: nowrap; }
.summary tr.total td { border-top: 2px solid #2f5d50; font-size: 11pt; font-weight: 700; }
.footer { margin-top: 28px; display: flex; justify-content: space-between; align-items: flex-end; color: #5c6b63; font-size: 7.5pt; }
.sign { text-align: right; color: #1f2a24; font-size: 9pt; }
`;

/** Amounts in words wrap between words only, never inside "Twenty-Three" (a break there reads as a typo). */
function unbrokenWords(words: string): Markup[] {
  return words
    .split(' ')
    .map((word, index) => html`${index > 0 ? ' ' : ''}<span class="nowrap">${word}</span>`);
}

function lineRow(line: InvoiceLineView): Markup {
  return html`<tr>
    <td>${line.number}</td>
    <td class="left">
      ${line.description}${when(line.detail, () => html`<div class="detail">${line.detail}</div>`)}
    </td>
    <td>${line.code}</td>
    <td>${line.quantity}</td>
    <td>${line.rate}</td>
    <td>${line.discount}</td>
    <td>${line.taxableValue}</td>
    <td>${line.cgstRate}</td>
    <td>${line.cgst}</td>
    <td>${line.sgstRate}</td>
    <td>${line.sgst}</td>
    <td>${line.total}</td>
  </tr>`;
}

function section(title: string, lines: InvoiceLineView[]): Markup {
  return when(
    lines.length > 0,
    () =>
      html`<tr class="section">
          <td colspan="12">${title}</td>
        </tr>
        ${lines.map(lineRow)}`,
  );
}

/** The tax invoice as a complete HTML document with no external resources. */
export function invoiceHtml(view: InvoiceView): string {
  const { seller, customer, totals } = view;
  return html`<!doctype html>
    <html lang="en-IN">
      <head>
        <meta charset="utf-8" />
        <meta
          http-equiv="Content-Security-Policy"
          content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"
        />
        <title>Tax Invoice ${view.invoiceNumber}</title>
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
            <h2>TAX INVOICE</h2>
            <p>Invoice No.: <strong>${view.invoiceNumber}</strong></p>
            <p>Invoice Date: ${view.invoiceDate}</p>
            <p>Place of Supply: ${view.placeOfSupply}</p>
          </div>
        </div>
        <div class="party">
          <div>
            <div class="label">Billed to</div>
            <p><strong>${customer.name}</strong></p>
            <p>Phone: ${customer.phone}</p>
            ${when(customer.email, () => html`<p>Email: ${customer.email}</p>`)}
          </div>
          <div>
            <div class="label">Customer details</div>
            <p>Customer ID: ${customer.customerId}</p>
            ${when(customer.gender, () => html`<p>Gender: ${customer.gender}</p>`)}
            ${when(customer.roomNo, () => html`<p>Room No.: ${customer.roomNo}</p>`)}
          </div>
        </div>
        <table class="lines">
          <thead>
            <tr>
              <th rowspan="2">#</th>
              <th rowspan="2" class="left description">Description</th>
              <th rowspan="2">SAC/HSN</th>
              <th rowspan="2">Qty</th>
              <th rowspan="2">Rate</th>
              <th rowspan="2">Disc.</th>
              <th rowspan="2">Taxable value</th>
              <th colspan="2" class="group">CGST</th>
              <th colspan="2" class="group">SGST</th>
              <th rowspan="2">Amount</th>
            </tr>
            <tr>
              <th>Rate</th>
              <th>Amount</th>
              <th>Rate</th>
              <th>Amount</th>
            </tr>
          </thead>
          <tbody>
            ${section('Services', view.services)} ${section('Products', view.products)}
            <tr class="sum">
              <td colspan="6" class="left">Total</td>
              <td>${totals.taxableValue}</td>
              <td></td>
              <td>${totals.cgst}</td>
              <td></td>
              <td>${totals.sgst}</td>
              <td>${totals.subTotal}</td>
            </tr>
          </tbody>
        </table>
        <div class="bottom">
          <div class="payment">
            <div class="label">Payment method</div>
            <p><strong>${view.paymentMethod}</strong></p>
          </div>
          <table class="summary">
            <tr>
              <td>Sub total (incl. GST)</td>
              <td>${totals.subTotal}</td>
            </tr>
            <tr>
              <td>Discount (${totals.discountPercent})</td>
              <td>− ${totals.discountAmount}</td>
            </tr>
            <tr>
              <td>Advance amount (added)</td>
              <td>+ ${totals.advance}</td>
            </tr>
            <tr class="total">
              <td>Total</td>
              <td>${totals.total}</td>
            </tr>
          </table>
        </div>
        <div class="words">
          <span class="label">Amount in words</span>
          <p><strong>${unbrokenWords(totals.totalInWords)}</strong></p>
        </div>
        <div class="footer">
          <div>
            This is a computer-generated invoice.<br />Amounts in Indian rupees. Intra-state supply: GST shown
            as CGST and SGST.
          </div>
          <div class="sign">For ${seller.name}<br /><br /><br />Authorised Signatory</div>
        </div>
      </body>
    </html>`.value;
}
