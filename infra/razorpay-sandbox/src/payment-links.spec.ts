import { describe, expect, it } from 'vitest';
import type { PaymentLinkInput } from './payment-link-input.js';
import { PaymentLinkStore } from './payment-links.js';

const NOW = 1_800_000_000;

const input = (overrides: Partial<PaymentLinkInput> = {}): PaymentLinkInput => ({
  amount: 10_000,
  currency: 'INR',
  referenceId: '',
  description: '',
  customer: {},
  notify: { email: false, sms: false, whatsapp: false },
  reminderEnable: false,
  notes: {},
  callbackUrl: '',
  callbackMethod: '',
  expireBy: 0,
  upiLink: false,
  ...overrides,
});

describe('the sandbox’s payment links', () => {
  it('turns a waiting link expired once its expire_by has passed, and never a link without one', () => {
    const store = new PaymentLinkStore();
    const expiring = store.create(input({ expireBy: NOW + 3600 }), 'http://sandbox', NOW);
    const lasting = store.create(input(), 'http://sandbox', NOW);

    expect(store.link(expiring.id, NOW + 3599).status).toBe('created');
    expect(store.link(expiring.id, NOW + 3600)).toMatchObject({ status: 'expired', expired_at: NOW + 3600 });
    expect(store.link(lasting.id, NOW + 10 * 365 * 86_400).status).toBe('created');
  });

  it('lists newest first, filtered by reference id, paged by count and skip', () => {
    const store = new PaymentLinkStore();
    const [a, b, c] = ['a', 'b', 'c'].map((ref) =>
      store.create(input({ referenceId: ref }), 'http://sandbox', NOW),
    );

    expect(store.list({}).map((link) => link.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(store.list({ reference_id: 'b' }).map((link) => link.id)).toEqual([b!.id]);
    expect(store.list({ count: '1', skip: '1' }).map((link) => link.id)).toEqual([b!.id]);
  });

  it('keeps reference ids unique, but lets any number of links go without one', () => {
    const store = new PaymentLinkStore();
    store.create(input({ referenceId: 'sale-1' }), 'http://sandbox', NOW);
    store.create(input(), 'http://sandbox', NOW);
    store.create(input(), 'http://sandbox', NOW);

    expect(() => store.create(input({ referenceId: 'sale-1' }), 'http://sandbox', NOW)).toThrow(
      'Payment Link with reference id sale-1 already exists',
    );
  });
});
