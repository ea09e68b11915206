import { describe, expect, it } from 'vitest';
import {
  billToForm,
  computeFormTotals,
  messages,
  newBillForm,
  serverFieldErrors,
  toBillInput,
  validateBillForm,
  type BillFormValues,
} from './bill-form-state';
import type { Bill } from './bill-types';

function filledForm(changes: Partial<BillFormValues> = {}): BillFormValues {
  const form = newBillForm('2026-11-21');
  return {
    ...form,
    name: 'Asha Verma',
    customerId: 'CUST-1001',
    phone: '9876543210',
    services: [
      { ...form.services[0]!, serviceName: 'Swedish Massage', staffAssigned: 'Meera', price: '1000' },
    ],
    products: [{ ...form.products[0]!, productName: 'Lavender Oil', quantity: '2', unitPrice: '450.50' }],
    ...changes,
  };
}

describe('newBillForm', () => {
  it('starts with the spec defaults and one row in each table', () => {
    const form = newBillForm('2026-11-21');
    expect(form).toMatchObject({
      date: '2026-11-21',
      discountPercent: '5',
      paymentMethod: 'Cash',
      advanceAmount: '0',
    });
    expect(form.services).toHaveLength(1);
    expect(form.services[0]).toMatchObject({ duration: '60 Min', gst: '5', discount: '5' });
    expect(form.products).toHaveLength(1);
    expect(form.products[0]).toMatchObject({ quantity: '1', gst: '5', discount: '5' });
  });
});

describe('validateBillForm', () => {
  it('names the three required customer fields', () => {
    const errors = validateBillForm(filledForm({ name: ' ', phone: '', customerId: '' }));
    expect(errors).toMatchObject({
      name: 'Name is required',
      phone: 'Phone is required',
      customerId: 'Customer ID is required',
    });
  });

  it('accepts a complete bill', () => {
    expect(validateBillForm(filledForm())).toEqual({});
  });

  it('ignores an untouched row but asks for at least one line', () => {
    const form = newBillForm('2026-11-21');
    const errors = validateBillForm({ ...form, name: 'A', phone: '1', customerId: 'C' });
    expect(errors).toEqual({ lines: messages.noLines });
  });

  it('checks the ranges of every line and of the summary', () => {
    const form = filledForm();
    const errors = validateBillForm({
      ...form,
      services: [{ ...form.services[0]!, price: '-1', gst: '101', discount: '12.345' }],
      products: [{ ...form.products[0]!, productName: '', quantity: '0', unitPrice: '1.001' }],
      discountPercent: '100.01',
      advanceAmount: '-5',
      email: 'not-an-email',
    });
    expect(errors).toEqual({
      'services.0.price': messages.price,
      'services.0.gst': messages.gst,
      'services.0.discount': messages.discount,
      'products.0.productName': messages.productNameRequired,
      'products.0.quantity': messages.quantity,
      'products.0.unitPrice': messages.unitPrice,
      discountPercent: messages.discountPercent,
      advanceAmount: messages.advance,
      email: messages.emailInvalid,
    });
  });

  it('asks for the price of a named line', () => {
    const form = filledForm();
    const errors = validateBillForm({
      ...form,
      services: [{ ...form.services[0]!, price: ' ' }],
      products: [{ ...form.products[0]!, unitPrice: '' }],
    });
    expect(errors).toEqual({
      'services.0.price': messages.priceRequired,
      'products.0.unitPrice': messages.unitPriceRequired,
    });
  });

  it('asks for a name on a row that has a price', () => {
    const form = filledForm();
    const errors = validateBillForm({ ...form, services: [{ ...form.services[0]!, serviceName: '' }] });
    expect(errors).toEqual({ 'services.0.serviceName': messages.serviceNameRequired });
  });
});

describe('computeFormTotals', () => {
  it('shows the same totals the server computes', () => {
    // Service 1000 → 997.50; product 2 × 450.50 = 901 → 898.75 (898.7475 rounded up);
    // sub total 1896.25, 5% discount 94.81 (94.8125), advance 100 → 1901.44.
    const totals = computeFormTotals(filledForm({ advanceAmount: '100' }));
    expect(totals).toEqual({
      serviceLineTotals: [99_750],
      productLineTotals: [89_875],
      subTotal: 189_625,
      discount: 9_481,
      advance: 10_000,
      total: 190_144,
    });
  });

  it('leaves a row with an invalid number out and marks it', () => {
    const form = filledForm();
    const totals = computeFormTotals({ ...form, products: [{ ...form.products[0]!, quantity: '' }] });
    expect(totals.productLineTotals).toEqual([null]);
    expect(totals.subTotal).toBe(99_750);
  });
});

describe('toBillInput', () => {
  it('sends numbers in rupees and percent and leaves blank rows and an empty email out', () => {
    const form = filledForm({ advanceAmount: '250.5', discountPercent: '7.5' });
    const input = toBillInput({
      ...form,
      products: [...form.products, newBillForm('2026-11-21').products[0]!],
    });
    expect(input).toEqual({
      name: 'Asha Verma',
      phone: '9876543210',
      customerId: 'CUST-1001',
      gender: 'Male',
      date: '2026-11-21',
      roomNo: '',
      services: [
        {
          serviceName: 'Swedish Massage',
          duration: '60 Min',
          staffAssigned: 'Meera',
          price: 1000,
          gst: 5,
          discount: 5,
        },
      ],
      products: [{ productName: 'Lavender Oil', quantity: 2, unitPrice: 450.5, gst: 5, discount: 5 }],
      discountPercent: 7.5,
      paymentMethod: 'Cash',
      advanceAmount: 250.5,
    });
  });

  it('sends the email when one is given', () => {
    expect(toBillInput(filledForm({ email: ' asha@example.com ' })).email).toBe('asha@example.com');
  });
});

describe('billToForm', () => {
  const bill: Bill = {
    _id: 'b1',
    invoiceNumber: 'INV/26-27/000001',
    name: 'Asha Verma',
    phone: '9876543210',
    email: null,
    customerId: 'CUST-1001',
    gender: 'Female',
    date: '2026-11-21',
    roomNo: '12',
    services: [
      {
        serviceName: 'Swedish Massage',
        duration: '45 Min',
        staffAssigned: 'Meera',
        price: 1000,
        gst: 5,
        discount: 2.5,
        total: 1023.75,
      },
    ],
    products: [],
    discountPercent: 5,
    paymentMethod: 'UPI',
    advanceAmount: 100.5,
    subTotal: 1023.75,
    discountAmount: 51.19,
    totalPrice: 1073.06,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
  };

  it('loads a bill into the form and back into the same request', () => {
    const form = billToForm(bill);
    expect(form.products).toHaveLength(1);
    expect(form.advanceAmount).toBe('100.50');
    expect(form.services[0]).toMatchObject({ duration: '45 Min', price: '1000', discount: '2.5' });
    expect(toBillInput(form)).toEqual({
      name: bill.name,
      phone: bill.phone,
      customerId: bill.customerId,
      gender: 'Female',
      date: '2026-11-21',
      roomNo: '12',
      services: [
        {
          serviceName: 'Swedish Massage',
          duration: '45 Min',
          staffAssigned: 'Meera',
          price: 1000,
          gst: 5,
          discount: 2.5,
        },
      ],
      products: [],
      discountPercent: 5,
      paymentMethod: 'UPI',
      advanceAmount: 100.5,
    });
  });

  it('computes the totals the bill carries', () => {
    const totals = computeFormTotals(billToForm(bill));
    expect(totals.subTotal).toBe(102_375);
    expect(totals.total).toBe(107_306);
  });
});

describe('serverFieldErrors', () => {
  it('maps the server line indexes back past blank rows', () => {
    const form = filledForm();
    const values: BillFormValues = {
      ...form,
      products: [newBillForm('2026-11-21').products[0]!, ...form.products],
    };
    const errors = serverFieldErrors(
      [
        { field: 'phone', message: 'Phone must have 7 to 15 digits (digits, +, spaces and dashes only)' },
        { field: 'products.0.unitPrice', message: 'Unit price must be at most ₹1,00,00,000' },
        { field: 'services', message: 'Add at least one service or product with a name' },
        { field: 'advance', message: 'Advance must be 0 or more' },
        { field: 'products.5.gst', message: 'ignored: no such row' },
        'not a detail',
      ],
      values,
    );
    expect(errors).toEqual({
      phone: 'Phone must have 7 to 15 digits (digits, +, spaces and dashes only)',
      'products.1.unitPrice': 'Unit price must be at most ₹1,00,00,000',
      lines: 'Add at least one service or product with a name',
      advanceAmount: 'Advance must be 0 or more',
    });
  });

  it('ignores answers without details', () => {
    expect(serverFieldErrors(undefined, filledForm())).toEqual({});
  });
});

describe('line ids', () => {
  it('sends a saved line back with its id', () => {
    const form = filledForm();
    const values = { ...form, services: [{ ...form.services[0]!, lineId: 'line-1' }] };
    expect(toBillInput(values).services[0]).toMatchObject({ _id: 'line-1', serviceName: 'Swedish Massage' });
    expect(toBillInput(values).products[0]).not.toHaveProperty('_id');
  });
});
