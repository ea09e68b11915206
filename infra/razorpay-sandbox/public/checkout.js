/* global window, document */
// The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: `new Razorpay(options)`,
// `.on('payment.failed', cb)`, `.open()`, `.close()`. It runs inside the merchant's page under that
// page's CSP, so it adds no inline script or style attribute: the overlay is styled through CSSOM and
// the modal itself is an iframe from the sandbox's own origin.
(() => {
  'use strict';

  const script = document.currentScript;
  if (!script || !script.src) throw new Error('checkout.js must be loaded through <script src>');
  const sandboxOrigin = new URL(script.src).origin;
  const MESSAGE_SOURCE = 'razorpay-sandbox';

  function setStyles(element, styles) {
    for (const [property, value] of Object.entries(styles)) element.style.setProperty(property, value);
  }

  function frameUrl(options) {
    const query = new URLSearchParams({
      key_id: String(options.key),
      order_id: String(options.order_id),
      origin: window.location.origin,
      name: options.name ? String(options.name) : '',
      description: options.description ? String(options.description) : '',
      email: options.prefill?.email ? String(options.prefill.email) : '',
      contact: options.prefill?.contact ? String(options.prefill.contact) : '',
      notes: options.notes ? JSON.stringify(options.notes) : '',
      color: options.theme?.color ? String(options.theme.color) : '',
    });
    return `${sandboxOrigin}/v1/checkout/frame?${query}`;
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
      if (!options.key) throw new Error('No key passed');
      if (!options.order_id) throw new Error('Razorpay sandbox: order_id is required');
      this.options = options;
      this.listeners = new Map();
      this.overlay = null;
      this.messageListener = null;
    }

    on(event, callback) {
      if (typeof callback !== 'function') return this;
      const callbacks = this.listeners.get(event) ?? [];
      callbacks.push(callback);
      this.listeners.set(event, callbacks);
      return this;
    }

    open() {
      if (this.overlay) return this;
      const overlay = document.createElement('div');
      overlay.className = 'razorpay-sandbox-overlay';
      setStyles(overlay, {
        position: 'fixed',
        inset: '0',
        'z-index': '2147483647',
        display: 'flex',
        'align-items': 'center',
        'justify-content': 'center',
        background: 'rgba(15, 23, 42, 0.55)',
      });
      const frame = document.createElement('iframe');
      frame.title = 'Razorpay Checkout';
      frame.src = frameUrl(this.options);
      setStyles(frame, {
        width: 'min(420px, calc(100vw - 32px))',
        height: 'min(440px, calc(100vh - 32px))',
        border: '0',
        'border-radius': '12px',
        background: '#ffffff',
        'box-shadow': '0 24px 64px rgba(15, 23, 42, 0.35)',
      });
      frame.addEventListener('load', () => frame.focus());
      overlay.appendChild(frame);

      this.messageListener = (event) => {
        if (event.origin !== sandboxOrigin || event.source !== frame.contentWindow) return;
        const message = event.data;
        if (!message || message.source !== MESSAGE_SOURCE) return;
        this.settle(message);
      };
      window.addEventListener('message', this.messageListener);
      document.body.appendChild(overlay);
      this.overlay = overlay;
      return this;
    }

    close() {
      if (this.messageListener) window.removeEventListener('message', this.messageListener);
      this.overlay?.remove();
      this.overlay = null;
      this.messageListener = null;
    }

    // The modal closes itself before the page hears the outcome, as Razorpay's does on success.
    settle(message) {
      this.close();
      if (message.type === 'payment.success') this.options.handler?.(message.response);
      else if (message.type === 'payment.failed')
        for (const callback of this.listeners.get('payment.failed') ?? []) callback({ error: message.error });
      else if (message.type === 'dismiss') this.options.modal?.ondismiss?.();
    }
  }

  window.Razorpay = Razorpay;
})();
