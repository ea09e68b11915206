import { AppError } from '@spa/kit/errors';
import { describe, expect, it } from 'vitest';
import { assertCancellable, deliveryStep, initialStatus, priceOrder } from './order.js';

describe('order pricing', () => {
  it('adds up quantity × unit price; shipping and tax are 0', () => {
    expect(
      priceOrder([
        { quantity: 2, unitPricePaise: 64_999 },
        { quantity: 1, unitPricePaise: 120_050 },
      ]),
    ).toEqual({
      itemsPricePaise: 250_048,
      shippingPricePaise: 0,
      taxPricePaise: 0,
      totalPricePaise: 250_048,
    });
  });
});

describe('order states', () => {
  it('places COD orders at once and holds ONLINE ones for payment', () => {
    expect(initialStatus('COD')).toBe('placed');
    expect(initialStatus('ONLINE')).toBe('pending_payment');
  });

  it('delivers a paid order, and a COD order collecting its cash', () => {
    expect(deliveryStep({ status: 'paid', paymentMethod: 'ONLINE', isPaid: true })).toBe('deliver');
    expect(deliveryStep({ status: 'placed', paymentMethod: 'COD', isPaid: false })).toBe(
      'collect-cash-and-deliver',
    );
    expect(deliveryStep({ status: 'delivered', paymentMethod: 'COD', isPaid: true })).toBe(
      'already-delivered',
    );
  });

  it('refuses to deliver an unpaid ONLINE order or a cancelled one', () => {
    const unpaid = () => deliveryStep({ status: 'pending_payment', paymentMethod: 'ONLINE', isPaid: false });
    expect(unpaid).toThrow(AppError);
    expect(unpaid).toThrow('Only a paid order can be marked delivered');
    expect(() => deliveryStep({ status: 'cancelled', paymentMethod: 'COD', isPaid: false })).toThrow(
      'A cancelled order cannot be marked delivered',
    );
  });

  it('cancels until the order is paid', () => {
    expect(assertCancellable({ status: 'pending_payment' })).toBe('cancel');
    expect(assertCancellable({ status: 'placed' })).toBe('cancel');
    expect(assertCancellable({ status: 'cancelled' })).toBe('already-cancelled');
    expect(() => assertCancellable({ status: 'paid' })).toThrow('contact support');
    expect(() => assertCancellable({ status: 'delivered' })).toThrow('A delivered order cannot be cancelled');
  });
});
