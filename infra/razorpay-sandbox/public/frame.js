/* global window, document */
// The modal's own script (the frame's document is the sandbox's origin, with its own strict CSP).
// Pay and Fail create the payment through the sandbox and tell the merchant's page the outcome;
// Dismiss only tells it the customer closed the modal.
(() => {
  'use strict';

  const body = document.body;
  const parentOrigin = body.dataset.parentOrigin;
  const message = document.querySelector('.message');
  const buttons = [...document.querySelectorAll('button[data-action]')];

  if (body.dataset.themeColor) document.documentElement.style.setProperty('--brand', body.dataset.themeColor);

  function tell(payload) {
    if (parentOrigin) window.parent.postMessage({ source: 'razorpay-sandbox', ...payload }, parentOrigin);
  }

  function showProblem(text) {
    message.textContent = text;
    message.hidden = false;
  }

  function notes() {
    try {
      return body.dataset.notes ? JSON.parse(body.dataset.notes) : undefined;
    } catch {
      return undefined;
    }
  }

  async function attemptPayment(outcome) {
    const response = await fetch('/v1/checkout/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key_id: body.dataset.keyId,
        order_id: body.dataset.orderId,
        outcome,
        email: body.dataset.email,
        contact: body.dataset.contact,
        description: body.dataset.description,
        notes: notes(),
      }),
    });
    const result = await response.json();
    if (!response.ok) throw new Error(result.error?.description ?? 'The payment could not be made.');
    return result;
  }

  async function onAction(action) {
    if (action === 'dismiss') return tell({ type: 'dismiss' });
    for (const button of buttons) button.disabled = true;
    try {
      const result = await attemptPayment(action);
      if (result.error) tell({ type: 'payment.failed', error: result.error });
      else tell({ type: 'payment.success', response: result });
    } catch (error) {
      showProblem(error instanceof Error ? error.message : 'The payment could not be made.');
      for (const button of buttons) button.disabled = button.dataset.action !== 'dismiss';
    }
  }

  for (const button of buttons) button.addEventListener('click', () => void onAction(button.dataset.action));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') tell({ type: 'dismiss' });
  });
})();
