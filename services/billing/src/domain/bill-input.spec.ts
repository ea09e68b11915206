import { AppError } from '@spa/kit/errors';
import { describe, expect, it } from 'vitest';
import { parseBillInput, priceBill, type BillInput } from './bill-input.js';

const now = new Date('2026-11-21T06:00:00Z');
const form = (overrides: BillInput = {}): BillInput => ({
  name: ' Asha Verma ',
  phone: '98765 43210',
  customerId: 'C-1',
  services: [{ serviceName: 'Swedish Massage', price: 1000 }],
  ...overrides,
});

function problemsOf(input: BillInput): { field: string; message: string }[] {
  try {
    parseBillInput(input, now);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details as { field: string; message: string }[];
  }
  throw new Error('expected the form to be refused');
}

describe('parseBillInput', () => {
  it('converts to paise and basis points, trims text and applies the spec defaults', () => {
    expect(parseBillInput(form(), now)).toEqual({
      name: 'Asha Verma',
      phone: '98765 43210',
      email: null,
      customerId: 'C-1',
      gender: null,
      date: '2026-11-21',
      roomNo: '',
      discountPercent: 500,
      paymentMethod: 'Cash',
      advanceAmount: 0,
      services: [
        {
          id: undefined,
          serviceName: 'Swedish Massage',
          duration: '60 Min',
          staffAssigned: '',
          price: 100_000,
          gst: 500,
          discount: 500,
        },
      ],
      products: [],
    });
  });

  it('takes advance as an alias of advanceAmount', () => {
    expect(parseBillInput(form({ advance: 12.5 }), now).advanceAmount).toBe(1_250);
    expect(parseBillInput(form({ advance: 12.5, advanceAmount: 12.5 }), now).advanceAmount).toBe(1_250);
  });

  it('drops rows without a name and keeps error fields at the index the client sent', () => {
    expect(
      problemsOf(
        form({ products: [{ productName: '' }, { productName: 'Soap', unitPrice: 10, quantity: 0 }] }),
      ),
    ).toEqual([{ field: 'products.1.quantity', message: 'Quantity must be a whole number from 1 to 10000' }]);
  });

  it('reads a date-time as its day in India and lowercases the email', () => {
    const draft = parseBillInput(form({ date: '2026-11-20T19:00:00Z', email: ' Asha@Example.COM ' }), now);
    expect(draft.date).toBe('2026-11-21');
    expect(draft.email).toBe('asha@example.com');
  });

  it('caps amounts so every total stays an exact integer', () => {
    expect(problemsOf(form({ services: [{ serviceName: 'Gold Facial', price: 10_000_000.01 }] }))).toEqual([
      { field: 'services.0.price', message: 'Service price must be at most ₹1,00,00,000' },
    ]);
  });
});

describe('priceBill', () => {
  it('puts each line total beside its line and the totals on the bill', () => {
    const priced = priceBill(
      parseBillInput(
        form({
          services: [{ serviceName: 'Swedish Massage', price: 2500 }],
          products: [{ productName: 'Soap', quantity: 2, unitPrice: 649.99 }],
        }),
        now,
      ),
    );
    expect(priced.services[0]!.total).toBe(249_375);
    expect(priced.products[0]!.total).toBe(129_673);
    expect(priced.totals).toEqual({
      lineTotals: [249_375, 129_673],
      subTotal: 379_048,
      discountAmount: 18_952,
      advance: 0,
      totalPrice: 360_096,
    });
  });
});
