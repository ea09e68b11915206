import type { RazorpayOrder } from './store.js';

export interface FrameDetails {
  keyId: string;
  parentOrigin: string;
  merchantName: string;
  description: string;
  email: string;
  contact: string;
  notes: string;
  themeColor: string;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function formatAmount(amountInSubunits: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amountInSubunits / 100);
}

function page(title: string, bodyAttributes: string, content: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="/v1/checkout/frame.css" />
    <script src="/v1/checkout/frame.js" defer></script>
  </head>
  <body ${bodyAttributes}>
    <main class="checkout">
${content}
    </main>
  </body>
</html>
`;
}

/** The modal's document: merchant, description, amount in rupees, and the Pay / Fail / Dismiss buttons. */
export function checkoutFramePage(order: RazorpayOrder, details: FrameDetails): string {
  const data = {
    'data-order-id': order.id,
    'data-key-id': details.keyId,
    'data-parent-origin': details.parentOrigin,
    'data-description': details.description,
    'data-email': details.email,
    'data-contact': details.contact,
    'data-notes': details.notes,
    'data-theme-color': details.themeColor,
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  return page(
    `Pay ${details.merchantName}`,
    attributes,
    `      <header class="merchant">
        <p class="badge">Razorpay sandbox</p>
        <h1>${escapeHtml(details.merchantName)}</h1>
        ${details.description ? `<p class="description">${escapeHtml(details.description)}</p>` : ''}
      </header>
      <section class="summary" aria-label="Amount to pay">
        <p class="amount">${escapeHtml(formatAmount(order.amount, order.currency))}</p>
        <p class="order-id">${escapeHtml(order.id)}</p>
      </section>
      <p class="message" role="alert" hidden></p>
      <div class="actions">
        <button type="button" class="pay" data-action="captured">Pay</button>
        <button type="button" class="fail" data-action="failed">Fail</button>
        <button type="button" class="dismiss" data-action="dismiss">Dismiss</button>
      </div>`,
  );
}

/** What the modal shows when it cannot take a payment (wrong key, unknown or paid order). */
export function checkoutProblemPage(message: string, parentOrigin: string): string {
  return page(
    'Payment unavailable',
    `data-parent-origin="${escapeHtml(parentOrigin)}"`,
    `      <header class="merchant">
        <p class="badge">Razorpay sandbox</p>
        <h1>Payment unavailable</h1>
      </header>
      <p class="message" role="alert">${escapeHtml(message)}</p>
      <div class="actions">
        <button type="button" class="dismiss" data-action="dismiss">Dismiss</button>
      </div>`,
  );
}
