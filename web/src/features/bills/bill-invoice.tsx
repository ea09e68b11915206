import { amountInWords, fromHundredths, roundToHundredths } from '@spa/rules';
import { business, businessAddressLines } from '../../app/business';
import { formatINR } from '../../lib/format';
import { formatBillDate } from './bill-dates';
import type { Bill } from './bill-types';
import { invoiceLines, invoiceTaxTotals, type InvoiceLine } from './invoice-lines';
import { PaymentBadge } from './payment-badge';

const money = (paise: number) => formatINR(fromHundredths(paise));
// Up to 3 decimals: the CGST half of 2.25% GST is 1.125%.
const rateFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const percent = (value: number) => `${rateFormat.format(value)}%`;

function LinesTable({ title, lines, codeLabel }: { title: string; lines: InvoiceLine[]; codeLabel: string }) {
  if (!lines.length) return null;
  const isProducts = lines[0]?.kind === 'product';
  // SAC and HSN codes print only when the server sends them for these lines.
  const showCodes = lines.some((line) => line.code);
  return (
    <div className="invoice-lines">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Description</th>
            {showCodes && <th scope="col">{codeLabel}</th>}
            {isProducts && (
              <th scope="col" className="num">
                Qty
              </th>
            )}
            <th scope="col" className="num">
              {isProducts ? 'Rate' : 'Price'}
            </th>
            <th scope="col" className="num">
              Discount
            </th>
            <th scope="col" className="num">
              Taxable value
            </th>
            <th scope="col" className="num">
              CGST
            </th>
            <th scope="col" className="num">
              SGST
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td className="invoice-lines__index">{index + 1}</td>
              <td className="invoice-lines__description">
                <span className="invoice-lines__name">{line.description}</span>
                {line.detail && <span className="invoice-lines__detail">{line.detail}</span>}
              </td>
              {showCodes && <td data-label={codeLabel}>{line.code ?? '—'}</td>}
              {isProducts && (
                <td className="num" data-label="Qty">
                  {line.quantity}
                </td>
              )}
              <td className="num" data-label={isProducts ? 'Rate' : 'Price'}>
                {money(line.unitPricePaise)}
              </td>
              <td className="num" data-label={`Discount ${percent(line.discountPercent)}`}>
                {money(line.discountPaise)}
                <span className="invoice-lines__rate">{percent(line.discountPercent)}</span>
              </td>
              <td className="num" data-label="Taxable value">
                {money(line.taxablePaise)}
              </td>
              <td className="num" data-label={`CGST ${percent(line.halfGstPercent)}`}>
                {money(line.cgstPaise)}
                <span className="invoice-lines__rate">{percent(line.halfGstPercent)}</span>
              </td>
              <td className="num" data-label={`SGST ${percent(line.halfGstPercent)}`}>
                {money(line.sgstPaise)}
                <span className="invoice-lines__rate">{percent(line.halfGstPercent)}</span>
              </td>
              <td className="num invoice-lines__total" data-label="Total">
                {money(line.totalPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The bill laid out as its tax invoice prints (the PDF itself comes from the billing service). */
export function BillInvoice({ bill }: { bill: Bill }) {
  const lines = invoiceLines(bill);
  const taxes = invoiceTaxTotals(lines);
  const services = lines.filter((line) => line.kind === 'service');
  const products = lines.filter((line) => line.kind === 'product');

  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <header className="invoice__top">
        <div className="invoice__seller">
          <strong className="invoice__business">{business.name}</strong>
          <address>
            {businessAddressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              {business.phone} · {business.email}
            </span>
          </address>
        </div>
        <div className="invoice__meta">
          <h1 id="invoice-title" className="invoice__title">
            Tax Invoice
          </h1>
          <dl>
            <div>
              <dt>Invoice No.</dt>
              <dd className="invoice__number">{bill.invoiceNumber}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatBillDate(bill.date)}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>
                <PaymentBadge method={bill.paymentMethod} />
              </dd>
            </div>
          </dl>
        </div>
      </header>

      <section className="invoice__customer" aria-labelledby="invoice-customer-title">
        <h2 id="invoice-customer-title">Billed to</h2>
        <dl>
          <div>
            <dt>Name</dt>
            <dd>{bill.name}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{bill.phone}</dd>
          </div>
          {bill.email && (
            <div>
              <dt>Email</dt>
              <dd>{bill.email}</dd>
            </div>
          )}
          <div>
            <dt>Customer ID</dt>
            <dd>{bill.customerId}</dd>
          </div>
          {bill.gender && (
            <div>
              <dt>Gender</dt>
              <dd>{bill.gender}</dd>
            </div>
          )}
          {bill.roomNo && (
            <div>
              <dt>Room No.</dt>
              <dd>{bill.roomNo}</dd>
            </div>
          )}
        </dl>
      </section>

      <LinesTable title="Services" lines={services} codeLabel="SAC" />
      <LinesTable title="Products" lines={products} codeLabel="HSN" />

      <footer className="invoice__bottom">
        <dl className="invoice__tax-summary">
          <div>
            <dt>Taxable value</dt>
            <dd>{money(taxes.taxablePaise)}</dd>
          </div>
          <div>
            <dt>CGST</dt>
            <dd>{money(taxes.cgstPaise)}</dd>
          </div>
          <div>
            <dt>SGST</dt>
            <dd>{money(taxes.sgstPaise)}</dd>
          </div>
        </dl>
        <dl className="invoice__totals">
          <div>
            <dt>Sub Total</dt>
            <dd>{formatINR(bill.subTotal)}</dd>
          </div>
          <div>
            <dt>Discount ({percent(bill.discountPercent)})</dt>
            <dd>− {formatINR(bill.discountAmount)}</dd>
          </div>
          <div>
            <dt>Advance</dt>
            <dd>+ {formatINR(bill.advanceAmount)}</dd>
          </div>
          <div className="invoice__grand">
            <dt>Total</dt>
            <dd data-testid="invoice-total">{formatINR(bill.totalPrice)}</dd>
          </div>
        </dl>
        <p className="invoice__words">
          <span>Amount in words</span>
          {amountInWords(roundToHundredths(bill.totalPrice))}
        </p>
      </footer>
    </article>
  );
}
