import { escapeHtml, formatAmount } from './checkout-page.js';
import type { RazorpayPaymentLink } from './payment-links.js';

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="/v1/checkout/frame.css" />
  </head>
  <body>
    <main class="checkout">
${content}
    </main>
  </body>
</html>
`;
}

const CLOSED: Record<Exclude<RazorpayPaymentLink['status'], 'created'>, string> = {
  paid: 'Paid. Thank you!',
  cancelled: 'This payment link was cancelled.',
  expired: 'This payment link has expired.',
};

/**
 * The page a payment link's short_url opens (on the customer's phone, or its QR at the counter): the
 * amount and, while the link waits, Pay with UPI / Pay by card / Fail; afterwards what became of it.
 */
export function paymentLinkPage(link: RazorpayPaymentLink): string {
  const lastAttempt = link.payments?.at(-1);
  const header = `      <header class="merchant">
        <p class="badge">Razorpay sandbox</p>
        <h1>Payment request</h1>
        ${link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : ''}
      </header>
      <section class="summary" aria-label="Amount to pay">
        <p class="amount">${escapeHtml(formatAmount(link.amount, link.currency))}</p>
        <p class="order-id">${escapeHtml(link.id)}</p>
      </section>`;
  if (link.status !== 'created')
    return page(
      'Payment request',
      `${header}
      <p class="status" role="status">${escapeHtml(CLOSED[link.status])}</p>`,
    );
  const failed =
    lastAttempt?.status === 'failed'
      ? `
      <p class="message" role="alert">The last payment failed. You can try again.</p>`
      : '';
  return page(
    'Payment request',
    `${header}${failed}
      <form class="actions" method="post" action="/pl/${encodeURIComponent(link.id)}/pay">
        <button type="submit" class="pay" name="method" value="upi">Pay with UPI</button>
        <button type="submit" class="pay" name="method" value="card">Pay by card</button>
        <button type="submit" class="fail" name="outcome" value="failed">Fail</button>
      </form>`,
  );
}

/** What the page shows for an unknown link or a payment it could not take. */
export function paymentLinkProblemPage(message: string): string {
  return page(
    'Payment unavailable',
    `      <header class="merchant">
        <p class="badge">Razorpay sandbox</p>
        <h1>Payment unavailable</h1>
      </header>
      <p class="message" role="alert">${escapeHtml(message)}</p>`,
  );
}
