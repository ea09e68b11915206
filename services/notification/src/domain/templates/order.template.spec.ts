import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { commerceV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';
import type { EmailTemplate } from '../email-template.js';
import { emailTemplates } from './index.js';
import {
  orderCancelledTemplate,
  orderDeliveredTemplate,
  orderPaidTemplate,
  orderPlacedTemplate,
} from './order.template.js';

const context = {
  appUrl: 'https://aranya.example',
  invoices: { pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')) },
};

// Placed on Wednesday 25 November 2026 at 1:05 PM in India; two lines, free shipping.
const order = (fields: Partial<Omit<commerceV1.Order, '$typeName'>> = {}) =>
  create(commerceV1.OrderSchema, {
    orderId: '6750c2f4a1b2c3d4e5f6a7b8',
    customerId: 'u1',
    customerEmail: 'priya@example.com',
    customerName: 'Priya <b>Sharma</b>',
    paymentMethod: 'COD',
    status: 'placed',
    items: [
      {
        id: 'l1',
        productId: 'p1',
        name: 'Rose Body Oil',
        quantity: 2,
        unitPricePaise: 89_900n,
        lineTotalPaise: 179_800n,
      },
      {
        id: 'l2',
        productId: 'p2',
        name: 'Sandal Soap',
        quantity: 1,
        unitPricePaise: 24_900n,
        lineTotalPaise: 24_900n,
      },
    ],
    itemsPricePaise: 204_700n,
    shippingPricePaise: 0n,
    taxPricePaise: 36_846n,
    totalPricePaise: 241_546n,
    shippingAddress: {
      fullName: 'Priya Sharma',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      phone: '9876543210',
    },
    placedAt: timestampFromDate(new Date('2026-11-25T07:35:00Z')),
    ...fields,
  });

const render = async (template: EmailTemplate, payload: object) =>
  renderEmail(await template.compose(payload as never, context), context);

describe('the order emails', () => {
  it('are registered for the four order events', () => {
    expect(emailTemplates.get('commerce.order.placed')).toBe(orderPlacedTemplate);
    expect(emailTemplates.get('commerce.order.paid')).toBe(orderPaidTemplate);
    expect(emailTemplates.get('commerce.order.delivered')).toBe(orderDeliveredTemplate);
    expect(emailTemplates.get('commerce.order.cancelled')).toBe(orderCancelledTemplate);
  });

  it('confirm a cash-on-delivery order when placed: lines, totals, address, the order link, the name escaped', async () => {
    const payload = create(commerceV1.OrderPlacedSchema, { order: order() });
    expect(orderPlacedTemplate.wanted!(payload)).toBe(true);
    const email = await render(orderPlacedTemplate, payload);
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('Order #E5F6A7B8 confirmed');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain('Please keep ₹2,415.46 ready to pay when it is delivered.');
    expect(email.text).toContain('Placed on Wednesday, 25 November 2026, 1:05 PM IST.');
    expect(email.text).toContain('Rose Body Oil × 2: ₹1,798.00');
    expect(email.text).toContain('Shipping: Free');
    expect(email.text).toContain('GST: ₹368.46');
    expect(email.text).toContain('Total: ₹2,415.46');
    expect(email.text).toContain('Deliver to: Priya Sharma, 12 MG Road, Bengaluru, Karnataka, 560001');
    expect(email.text).toContain('https://aranya.example/order/6750c2f4a1b2c3d4e5f6a7b8');
    expect(email.html).not.toContain('<b>Sharma');
  });

  it('wait for the payment of an online order: placed sends nothing, paid confirms it with the reference', async () => {
    const online = order({ paymentMethod: 'ONLINE', status: 'pending_payment' });
    expect(orderPlacedTemplate.wanted!(create(commerceV1.OrderPlacedSchema, { order: online }))).toBe(false);
    const paid = create(commerceV1.OrderPaidSchema, {
      order: order({ paymentMethod: 'ONLINE', status: 'paid', isPaid: true }),
      paymentId: 'pm1',
      providerPaymentId: 'pay_ABCDEFGHIJKLMN',
    });
    expect(orderPaidTemplate.wanted!(paid)).toBe(true);
    const email = await render(orderPaidTemplate, paid);
    expect(email.subject).toBe('Order #E5F6A7B8 confirmed');
    expect(email.text).toContain(
      'We received your payment of ₹2,415.46 and your order #E5F6A7B8 is confirmed.',
    );
    expect(email.text).toContain('Payment: Paid online');
    expect(email.text).toContain('Payment reference: pay_ABCDEFGHIJKLMN');
  });

  it('tell cash collected on delivery once, in the delivery email', async () => {
    const collected = create(commerceV1.OrderPaidSchema, {
      order: order({ status: 'delivered', isPaid: true, isDelivered: true }),
      collectedOnDelivery: true,
    });
    expect(orderPaidTemplate.wanted!(collected)).toBe(false);
    const delivered = create(commerceV1.OrderDeliveredSchema, {
      order: order({
        status: 'delivered',
        isPaid: true,
        isDelivered: true,
        deliveredAt: timestampFromDate(new Date('2026-11-27T10:30:00Z')),
      }),
    });
    const email = await render(orderDeliveredTemplate, delivered);
    expect(email.subject).toBe('Order #E5F6A7B8 delivered');
    expect(email.text).toContain(
      'Your order #E5F6A7B8 was delivered on Friday, 27 November 2026, 4:00 PM IST.',
    );
    expect(email.text).toContain('Thank you for paying ₹2,415.46 on delivery.');
  });

  it('say why an order was cancelled, and whether money is coming back', async () => {
    const byCustomer = await render(
      orderCancelledTemplate,
      create(commerceV1.OrderCancelledSchema, {
        order: order({ status: 'cancelled' }),
        reason: 'cancelled_by_customer',
      }),
    );
    expect(byCustomer.subject).toBe('Order #E5F6A7B8 cancelled');
    expect(byCustomer.text).toContain('As you asked, we have cancelled your order (#E5F6A7B8, ₹2,415.46).');
    expect(byCustomer.text).toContain('Nothing has been charged for it.');

    const paidThenCancelled = await render(
      orderCancelledTemplate,
      create(commerceV1.OrderCancelledSchema, {
        order: order({ paymentMethod: 'ONLINE', status: 'cancelled', isPaid: true }),
        reason: 'cancelled_by_admin',
      }),
    );
    expect(paidThenCancelled.text).toContain('the spa has cancelled your order');
    expect(paidThenCancelled.text).toContain('it is being refunded to your original payment method');

    const expired = await render(
      orderCancelledTemplate,
      create(commerceV1.OrderCancelledSchema, {
        order: order({ paymentMethod: 'ONLINE', status: 'cancelled' }),
        reason: 'payment_expired',
      }),
    );
    expect(expired.text).toContain('its payment was not completed in time');
    expect(expired.text).toContain('Nothing has been charged for it.');
  });

  it('send nothing for an erased customer (no address), and refuse an event without an order', () => {
    const erased = order({ customerEmail: '', customerName: '' });
    for (const [template, payload] of [
      [orderPlacedTemplate, create(commerceV1.OrderPlacedSchema, { order: erased })],
      [orderPaidTemplate, create(commerceV1.OrderPaidSchema, { order: erased })],
      [orderDeliveredTemplate, create(commerceV1.OrderDeliveredSchema, { order: erased })],
      [orderCancelledTemplate, create(commerceV1.OrderCancelledSchema, { order: erased })],
    ] as const)
      expect(template.wanted!(payload)).toBe(false);
    expect(() =>
      orderDeliveredTemplate.recipient(create(commerceV1.OrderDeliveredSchema, {}) as never),
    ).toThrow(/carries no order/);
  });
});
