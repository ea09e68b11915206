import { describe, expect, it } from 'vitest';
import {
  adminOrderState,
  canCancel,
  canMarkDelivered,
  customerOrderState,
  paymentStatusLabel,
  shortOrderId,
} from './order-status';
import type { Order } from './orders.api';

type Flags = Pick<Order, 'status' | 'isPaid' | 'isDelivered' | 'paymentMethod'>;
const cod: Flags = { status: 'placed', isPaid: false, isDelivered: false, paymentMethod: 'COD' };
const awaiting: Flags = {
  status: 'pending_payment',
  isPaid: false,
  isDelivered: false,
  paymentMethod: 'ONLINE',
};
const paid: Flags = { status: 'paid', isPaid: true, isDelivered: false, paymentMethod: 'ONLINE' };
const delivered: Flags = { status: 'delivered', isPaid: true, isDelivered: true, paymentMethod: 'COD' };
const cancelled: Flags = { status: 'cancelled', isPaid: false, isDelivered: false, paymentMethod: 'ONLINE' };

describe('order states', () => {
  it('shows the customer delivered, else shipped when paid, else processing', () => {
    expect(customerOrderState(delivered)).toBe('delivered');
    expect(customerOrderState(paid)).toBe('shipped');
    expect(customerOrderState(cod)).toBe('processing');
  });

  it('tells an online order waiting for its payment and a cancelled one apart', () => {
    expect(customerOrderState(awaiting)).toBe('awaiting_payment');
    expect(customerOrderState(cancelled)).toBe('cancelled');
  });

  it('shows the admin Pending Payment, Processing when paid, Delivered, and Cancelled', () => {
    expect(adminOrderState(cod)).toBe('pending_payment');
    expect(adminOrderState(awaiting)).toBe('pending_payment');
    expect(adminOrderState(paid)).toBe('processing');
    expect(adminOrderState(delivered)).toBe('delivered');
    expect(adminOrderState(cancelled)).toBe('cancelled');
  });

  it('offers Mark Delivered for a paid order and for cash on delivery, never twice or for a cancelled one', () => {
    expect(canMarkDelivered(paid)).toBe(true);
    expect(canMarkDelivered(cod)).toBe(true);
    expect(canMarkDelivered(awaiting)).toBe(false);
    expect(canMarkDelivered(delivered)).toBe(false);
    expect(canMarkDelivered({ ...cancelled, paymentMethod: 'COD' })).toBe(false);
  });

  it('lets the customer cancel only an unpaid order that is still open', () => {
    expect(canCancel(cod)).toBe(true);
    expect(canCancel(awaiting)).toBe(true);
    expect(canCancel(paid)).toBe(false);
    expect(canCancel(delivered)).toBe(false);
    expect(canCancel(cancelled)).toBe(false);
  });

  it('names orders by the end of their id in capitals', () => {
    const id = '3f2b8c1e-9a4d-4e21-b7c3-5d9e0a1bc2ef';
    expect(shortOrderId(id, 8)).toBe('0A1BC2EF');
    expect(shortOrderId(id, 6)).toBe('1BC2EF');
  });

  it('says Paid or Pending', () => {
    expect(paymentStatusLabel(paid)).toBe('Paid');
    expect(paymentStatusLabel(cod)).toBe('Pending');
  });
});
