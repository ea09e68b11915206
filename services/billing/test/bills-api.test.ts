import { fromBinary } from '@bufbuild/protobuf';
import { outbox } from '@spa/kit';
import { billingV1, envelopeV1 } from '@spa/proto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBillInput, priceBill, type BillInput } from '../src/domain/bill-input.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('api');
});
afterAll(async () => {
  await world?.close();
});

async function createBill(overrides: Record<string, unknown> = {}, as: 'admin' | 'employee' = 'admin') {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm(overrides), as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('who may use bills', () => {
  it('refuses a visitor with 401 and a customer with 403 on every route', async () => {
    const created = await createBill();
    const routes = [
      { method: 'GET' as const, url: '/bills' },
      { method: 'GET' as const, url: `/bills/${created._id}` },
      { method: 'POST' as const, url: '/bills', payload: billForm() },
      { method: 'PUT' as const, url: `/bills/${created._id}`, payload: billForm() },
      { method: 'GET' as const, url: `/bills/${created._id}/download` },
    ];
    for (const route of routes) {
      const visitor = await world.call({ ...route, as: 'nobody' });
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const customer = await world.call({ ...route, as: 'customer' });
      expect(customer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(customer.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('checks the role before the form, so a refused caller learns nothing about validation', async () => {
    const invalid = { method: 'POST' as const, url: '/bills', payload: { unknownField: true } };
    expect((await world.call({ ...invalid, as: 'nobody' })).statusCode).toBe(401);
    expect((await world.call({ ...invalid, as: 'customer' })).statusCode).toBe(403);
    expect((await world.call({ method: 'GET', url: '/bills?page=0', as: 'customer' })).statusCode).toBe(403);
  });

  it('lets admins and employees issue bills, each recorded as the creator', async () => {
    const byAdmin = await createBill({}, 'admin');
    const byEmployee = await createBill({}, 'employee');
    expect(byAdmin.createdBy).toEqual(world.staff.admin);
    expect(byEmployee.createdBy).toEqual(world.staff.employee);
  });
});

describe('POST /bills', () => {
  it('answers the bill with _id, an invoice number and the server-computed totals', async () => {
    const bill = await createBill({
      email: 'Asha@Example.com',
      totalPrice: 1,
      subTotal: 2,
      discountAmount: 3,
    });
    expect(bill._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bill.id).toBe(bill._id);
    expect(bill.invoiceNumber).toMatch(/^INV\/26-27\/\d{6}$/);
    expect(bill).toMatchObject({
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      email: 'asha@example.com',
      customerId: 'CUST-0042',
      gender: 'Female',
      date: '2026-11-21',
      roomNo: '12',
      discountPercent: 5,
      paymentMethod: 'Cash',
      advanceAmount: 0,
      // 2,493.75 + 1,296.73 (2 × 649.99 × 1.05 × 0.95 = 1,296.730...)
      subTotal: 3790.48,
      discountAmount: 189.52,
      totalPrice: 3600.96,
      revision: 1,
    });
    // The form's empty service row is not a line.
    expect(bill.services).toHaveLength(1);
    expect(bill.services[0]).toMatchObject({
      serviceName: 'Swedish Massage',
      duration: '60 Min',
      staffAssigned: 'Meera',
      price: 2500,
      gst: 5,
      discount: 5,
      total: 2493.75,
    });
    expect(bill.products[0]).toMatchObject({
      productName: 'Lavender Essential Oil',
      quantity: 2,
      unitPrice: 649.99,
      total: 1296.73,
    });
    expect(bill.services[0]._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  // The same arithmetic as the unit tests of @spa/rules (packages/rules/src/bill-math.spec.ts), through
  // the API and back from the database.
  it.each([
    {
      case: '0 gst and a 100% line discount',
      form: {
        services: [
          { serviceName: 'Complimentary Head Massage', price: 800, gst: 18, discount: 100 },
          { serviceName: 'Aroma Therapy', price: 1500, gst: 0, discount: 0 },
        ],
        products: [],
        discountPercent: 0,
      },
      lines: [0, 1500],
      totals: { subTotal: 1500, discountAmount: 0, advanceAmount: 0, totalPrice: 1500 },
    },
    {
      case: 'fractional paise round half up per line',
      form: {
        services: [1, 2, 3].map((n) => ({
          serviceName: `Mini ritual ${n}`,
          price: 0.1,
          gst: 5,
          discount: 0,
        })),
        products: [],
        discountPercent: 0,
      },
      lines: [0.11, 0.11, 0.11],
      totals: { subTotal: 0.33, discountAmount: 0, advanceAmount: 0, totalPrice: 0.33 },
    },
    {
      case: '100% overall discount, advance added',
      form: {
        services: [],
        products: [{ productName: 'Herbal Shampoo', quantity: 3, unitPrice: 99.99, gst: 12, discount: 0 }],
        discountPercent: 100,
        advance: 250.5,
        advanceAmount: undefined,
      },
      lines: [335.97],
      totals: { subTotal: 335.97, discountAmount: 335.97, advanceAmount: 250.5, totalPrice: 250.5 },
    },
    {
      case: 'two-decimal rates',
      form: {
        services: [{ serviceName: 'Deep Tissue', price: 333.33, gst: 18, discount: 7.5 }],
        products: [],
        discountPercent: 2.5,
      },
      lines: [363.83],
      totals: { subTotal: 363.83, discountAmount: 9.1, advanceAmount: 0, totalPrice: 354.73 },
    },
    {
      case: 'a large bill of 50 lines',
      form: {
        services: Array.from({ length: 25 }, (_, n) => ({
          serviceName: `Signature Massage ${n + 1}`,
          price: 1000,
          gst: 18,
          discount: 10,
        })),
        products: Array.from({ length: 25 }, (_, n) => ({
          productName: `Body Lotion ${n + 1}`,
          quantity: 2,
          unitPrice: 149.5,
          gst: 5,
          discount: 5,
        })),
        discountPercent: 5,
        advanceAmount: 500,
      },
      lines: [...Array<number>(25).fill(1062), ...Array<number>(25).fill(298.25)],
      totals: { subTotal: 34006.25, discountAmount: 1700.31, advanceAmount: 500, totalPrice: 32805.94 },
    },
  ])('$case: the API, the stored bill and bill-math agree to the paisa', async ({ form, lines, totals }) => {
    const created = await createBill(form);
    const fetched = (await world.call({ method: 'GET', url: `/bills/${created._id}` })).json();
    for (const bill of [created, fetched]) {
      expect([...bill.services, ...bill.products].map((line: { total: number }) => line.total)).toEqual(
        lines,
      );
      expect(bill).toMatchObject(totals);
    }
    const priced = priceBill(parseBillInput(billForm(form) as BillInput));
    expect(priced.totals.totalPrice / 100).toBe(totals.totalPrice);
    expect(priced.totals.subTotal / 100).toBe(totals.subTotal);
  });

  it('applies the spec defaults to fields the client leaves out', async () => {
    const bill = await createBill({
      services: [{ serviceName: 'Foot Reflexology', price: 1000 }],
      products: [{ productName: 'Bath Salt', unitPrice: 200 }],
      discountPercent: undefined,
      paymentMethod: undefined,
      advanceAmount: undefined,
      gender: null,
      roomNo: 7,
    });
    expect(bill.services[0]).toMatchObject({ duration: '60 Min', gst: 5, discount: 5, staffAssigned: '' });
    expect(bill.products[0]).toMatchObject({ quantity: 1, gst: 5, discount: 5 });
    expect(bill).toMatchObject({
      discountPercent: 5,
      paymentMethod: 'Cash',
      advanceAmount: 0,
      gender: null,
      roomNo: '7',
    });
    expect(bill).not.toHaveProperty('email');
  });

  it('drops unnamed rows before validating, whatever they hold', async () => {
    const bill = await createBill({ services: [{ serviceName: '  ', price: -5, gst: 500 }] });
    expect(bill.services).toEqual([]);
    expect(bill.products).toHaveLength(1);
  });

  it.each([
    { case: 'nothing', form: {}, field: 'name', message: 'Name is required' },
    { case: 'a blank name', form: billForm({ name: '   ' }), field: 'name', message: 'Name is required' },
    { case: 'no phone', form: billForm({ phone: '' }), field: 'phone', message: 'Phone is required' },
    {
      case: 'no customer ID',
      form: billForm({ customerId: '' }),
      field: 'customerId',
      message: 'Customer ID is required',
    },
    {
      case: 'a NUL character in the name',
      form: billForm({ name: 'Asha\u0000Verma' }),
      field: 'name',
      message: 'Name contains characters that are not allowed',
    },
    {
      case: 'a phone with letters',
      form: billForm({ phone: '98765abc10' }),
      field: 'phone',
      message: 'Phone must have 7 to 15 digits (digits, +, spaces and dashes only)',
    },
    {
      case: 'a phone too short',
      form: billForm({ phone: '12-34-5' }),
      field: 'phone',
      message: 'Phone must have 7 to 15 digits (digits, +, spaces and dashes only)',
    },
    {
      case: 'a bad email',
      form: billForm({ email: 'asha@' }),
      field: 'email',
      message: 'Email must be a valid email address',
    },
    {
      case: 'an unknown gender',
      form: billForm({ gender: 'M' }),
      field: 'gender',
      message: 'Gender must be Male, Female or Other',
    },
    {
      case: 'an impossible date',
      form: billForm({ date: '2026-02-30' }),
      field: 'date',
      message: 'Date must be a valid date (YYYY-MM-DD)',
    },
    {
      case: 'a cheque',
      form: billForm({ paymentMethod: 'Cheque' }),
      field: 'paymentMethod',
      message: 'Payment method must be Cash, UPI or Card',
    },
    {
      case: 'gst over 100',
      form: billForm({ services: [{ serviceName: 'Facial', price: 100, gst: 100.01 }] }),
      field: 'services.0.gst',
      message: 'GST must be between 0 and 100 with at most 2 decimals',
    },
    {
      case: 'gst with 3 decimals',
      form: billForm({ services: [{ serviceName: 'Facial', price: 100, gst: 5.125 }] }),
      field: 'services.0.gst',
      message: 'GST must be between 0 and 100 with at most 2 decimals',
    },
    {
      case: 'a negative discount',
      form: billForm({ products: [{ productName: 'Soap', unitPrice: 50, discount: -1 }] }),
      field: 'products.0.discount',
      message: 'Discount must be between 0 and 100 with at most 2 decimals',
    },
    {
      case: 'an overall discount over 100',
      form: billForm({ discountPercent: 120 }),
      field: 'discountPercent',
      message: 'Discount % must be between 0 and 100 with at most 2 decimals',
    },
    {
      case: 'a quantity of 0',
      form: billForm({ products: [{ productName: 'Soap', quantity: 0, unitPrice: 50 }] }),
      field: 'products.0.quantity',
      message: 'Quantity must be a whole number from 1 to 10000',
    },
    {
      case: 'half a quantity',
      form: billForm({ products: [{ productName: 'Soap', quantity: 1.5, unitPrice: 50 }] }),
      field: 'products.0.quantity',
      message: 'Quantity must be a whole number from 1 to 10000',
    },
    {
      case: 'a negative price',
      form: billForm({ services: [{ serviceName: 'Facial', price: -1 }] }),
      field: 'services.0.price',
      message: 'Service price must be 0 or more with at most 2 decimals',
    },
    {
      case: 'a price in tenths of paise',
      form: billForm({ services: [{ serviceName: 'Facial', price: 10.005 }] }),
      field: 'services.0.price',
      message: 'Service price must be 0 or more with at most 2 decimals',
    },
    {
      case: 'a named product without a unit price',
      form: billForm({ products: [{ productName: 'Soap', quantity: 1 }] }),
      field: 'products.0.unitPrice',
      message: 'Unit price is required',
    },
    {
      case: 'a negative advance',
      form: billForm({ advanceAmount: -5 }),
      field: 'advanceAmount',
      message: 'Advance amount must be 0 or more with at most 2 decimals',
    },
    {
      case: 'advance and advanceAmount disagreeing',
      form: billForm({ advanceAmount: 10, advance: 20 }),
      field: 'advanceAmount',
      message: 'Send advanceAmount or advance, not both with different values',
    },
    {
      case: 'an unknown duration',
      form: billForm({ services: [{ serviceName: 'Facial', price: 10, duration: '90 Min' }] }),
      field: 'services.0.duration',
      message: 'Duration must be 30 Min, 45 Min or 60 Min',
    },
    {
      case: 'only empty rows',
      form: billForm({
        services: [{ serviceName: '', price: 0 }],
        products: [{ productName: '', unitPrice: 0 }],
      }),
      field: 'services',
      message: 'Add at least one service or product with a name',
    },
    {
      case: 'a second error row keeps its index',
      form: billForm({
        services: [
          { serviceName: '', price: 0 },
          { serviceName: 'Facial', price: 10, gst: 101 },
        ],
      }),
      field: 'services.1.gst',
      message: 'GST must be between 0 and 100 with at most 2 decimals',
    },
  ])('refuses $case with 400 "$message"', async ({ form, field, message }) => {
    const response = await world.call({ method: 'POST', url: '/bills', payload: form });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toContainEqual({ field, message });
    if (field === 'name') expect(body.message).toBe(message);
  });

  it('reports every problem of a form at once, the first as the message', async () => {
    const response = await world.call({ method: 'POST', url: '/bills', payload: {} });
    expect(response.json()).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
      details: [
        { field: 'name', message: 'Name is required' },
        { field: 'phone', message: 'Phone is required' },
        { field: 'customerId', message: 'Customer ID is required' },
        { field: 'services', message: 'Add at least one service or product with a name' },
      ],
    });
  });

  it.each([
    {
      case: 'an unknown field',
      payload: billForm({ discountCode: 'X' }),
      message: 'discountCode is not an allowed field',
    },
    {
      case: 'a price sent as text',
      payload: billForm({ services: [{ serviceName: 'Facial', price: '100' }] }),
      message: 'services.0.price must be number',
    },
    { case: 'an array body', payload: [billForm()], message: 'body must be object' },
  ])('refuses $case with the one error shape', async ({ payload, message }) => {
    const response = await world.call({ method: 'POST', url: '/bills', payload: payload as object });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await world.call({
      method: 'POST',
      url: '/bills',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('writes billing.bill.issued to the outbox in the same transaction, keyed by bill id', async () => {
    const bill = await createBill({ email: 'guest@example.com' });
    const rows = await world.deps.db.select().from(outbox).where(eq(outbox.key, bill._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topic: 'billing.bill.v1', eventType: 'billing.bill.issued' });
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, rows[0]!.payload);
    const issued = fromBinary(billingV1.BillIssuedSchema, envelope.payload);
    expect(issued.issuedById).toBe(world.staff.admin.id);
    expect(issued.bill).toMatchObject({
      billId: bill._id,
      invoiceNumber: bill.invoiceNumber,
      customerName: 'Asha Verma',
      email: 'guest@example.com',
      phone: '+91 98765 43210',
      billDate: '2026-11-21',
      subTotalPaise: 379_048n,
      discountPaise: 18_952n,
      advancePaise: 0n,
      totalPaise: 360_096n,
      revision: 1,
    });
  });
});

describe('GET /bills/:id', () => {
  it('answers 404 "Bill not found" for an unknown id or one that is not an id at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-bill', "1' or '1'='1"]) {
      const response = await world.call({ method: 'GET', url: `/bills/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Bill not found', code: 'NOT_FOUND' });
    }
  });
});

describe('PUT /bills/:id', () => {
  it('keeps the invoice number and line ids, recomputes totals and records who changed what', async () => {
    const created = await createBill();
    const edited = billForm({
      services: [{ ...created.services[0], total: 0 }],
      products: [{ ...created.products[0], quantity: 3 }],
      paymentMethod: 'UPI',
    });
    // An issued invoice is changed by an admin only: an employee's edit is refused and changes nothing.
    const byEmployee = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: edited,
      as: 'employee',
    });
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json()).toMatchObject({ code: 'FORBIDDEN' });
    const response = await world.call({ method: 'PUT', url: `/bills/${created._id}`, payload: edited });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json();
    expect(updated.invoiceNumber).toBe(created.invoiceNumber);
    expect(updated._id).toBe(created._id);
    expect(updated.services[0]._id).toBe(created.services[0]._id);
    expect(updated.products[0]._id).toBe(created.products[0]._id);
    // 3 × 649.99 × 1.05 × 0.95 = 1,945.095... → 1,945.10; sub 4,438.85; 5% → 221.94.
    expect(updated.products[0].total).toBe(1945.1);
    expect(updated).toMatchObject({
      subTotal: 4438.85,
      discountAmount: 221.94,
      totalPrice: 4216.91,
      revision: 2,
    });
    expect(updated.createdBy).toEqual(world.staff.admin);
    expect(updated.history).toHaveLength(1);
    const [entry] = updated.history;
    expect(entry.revision).toBe(2);
    expect(entry.changedBy).toEqual({ ...world.staff.admin, role: 'admin' });
    expect(Date.parse(entry.changedAt)).toBeGreaterThan(Date.parse(created.createdAt) - 1);
    expect(entry.changes.map((change: { field: string }) => change.field)).toEqual([
      'products',
      'paymentMethod',
      'subTotal',
      'discountAmount',
      'totalPrice',
    ]);
    expect(entry.changes).toContainEqual({ field: 'paymentMethod', from: 'Cash', to: 'UPI' });
    expect(entry.changes).toContainEqual({ field: 'totalPrice', from: 3600.96, to: 4216.91 });

    const fetched = (await world.call({ method: 'GET', url: `/bills/${created._id}` })).json();
    expect(fetched).toEqual(updated);

    const events = await world.deps.db.select().from(outbox).where(eq(outbox.key, created._id));
    expect(events.map((row) => row.eventType)).toEqual(['billing.bill.issued', 'billing.bill.updated']);
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, events[1]!.payload);
    const event = fromBinary(billingV1.BillUpdatedSchema, envelope.payload);
    expect(event.changedFields).toEqual([
      'products',
      'paymentMethod',
      'subTotal',
      'discountAmount',
      'totalPrice',
    ]);
    expect(event.bill).toMatchObject({
      totalPaise: 421_691n,
      revision: 2,
      invoiceNumber: created.invoiceNumber,
    });
    expect(event.updatedById).toBe(world.staff.admin.id);
  });

  it('writes nothing when the edit changes nothing', async () => {
    const created = await createBill();
    const response = await world.call({ method: 'PUT', url: `/bills/${created._id}`, payload: billForm() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revision: 1, history: [], updatedAt: created.updatedAt });
    const events = await world.deps.db.select().from(outbox).where(eq(outbox.key, created._id));
    expect(events).toHaveLength(1);
  });

  it('keeps a bill in the financial year of its invoice number (422 otherwise)', async () => {
    const created = await createBill({ date: '2027-03-31' });
    expect(created.invoiceNumber).toMatch(/^INV\/26-27\//);
    const moved = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ date: '2027-04-01' }),
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: `Invoice ${created.invoiceNumber} belongs to financial year 2026-27: choose a date from 01/04/2026 to 31/03/2027`,
    });
    const within = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ date: '2026-04-01' }),
    });
    expect(within.statusCode).toBe(200);
  });

  it('validates an edit like a new bill and answers 404 for an unknown bill', async () => {
    const created = await createBill();
    const invalid = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ name: '' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Name is required');
    const missing = await world.call({
      method: 'PUT',
      url: '/bills/00000000-0000-4000-8000-000000000000',
      payload: billForm(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /bills', () => {
  it('searches by name (any case) or customer ID, filters by day inclusive, pages newest first', async () => {
    const tag = `Q${Date.now().toString(36).toUpperCase()}`;
    const first = await createBill({ name: `Meher ${tag} Khan`, customerId: 'C-100', date: '2026-10-01' });
    const second = await createBill({ name: 'Ishaan Rao', customerId: `ID-${tag}-7`, date: '2026-10-15' });
    const third = await createBill({
      name: `meher ${tag.toLowerCase()} iyer`,
      customerId: 'C-300',
      date: '2026-10-31',
    });

    const byName = (await world.call({ method: 'GET', url: `/bills?search=${tag.toLowerCase()}` })).json();
    expect(byName.bills.map((bill: { _id: string }) => bill._id)).toEqual([third._id, second._id, first._id]);
    expect(byName.total).toBe(3);

    const inRange = (
      await world.call({ method: 'GET', url: `/bills?search=${tag}&startDate=2026-10-15&endDate=2026-10-31` })
    ).json();
    expect(inRange.bills.map((bill: { _id: string }) => bill._id)).toEqual([third._id, second._id]);
    expect(inRange.summary.range).toBeGreaterThanOrEqual(second.totalPrice + third.totalPrice);

    const oneDay = (
      await world.call({ method: 'GET', url: `/bills?search=${tag}&startDate=2026-10-01&endDate=2026-10-01` })
    ).json();
    expect(oneDay.bills.map((bill: { _id: string }) => bill._id)).toEqual([first._id]);

    const paged = (await world.call({ method: 'GET', url: `/bills?search=${tag}&page=2&pageSize=2` })).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.bills.map((bill: { _id: string }) => bill._id)).toEqual([first._id]);
    expect(paged.bills[0].services[0]).toHaveProperty('serviceName');
    expect(paged.bills[0]).not.toHaveProperty('history');
  });

  it('takes search text literally (% and _ are not wildcards)', async () => {
    await createBill({ name: 'Percent Person', customerId: 'PCT-1' });
    const response = (
      await world.call({ method: 'GET', url: `/bills?search=${encodeURIComponent('%_')}` })
    ).json();
    expect(response.total).toBe(0);
  });

  it('ignores control characters in a search instead of failing', async () => {
    const response = await world.call({ method: 'GET', url: '/bills?search=%00%01' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    { query: 'startDate=2026-13-01', message: 'startDate must match format "date"' },
    {
      query: 'startDate=2026-10-02&endDate=2026-10-01',
      message: 'The end date cannot be before the start date',
    },
    { query: 'page=0', message: 'page must be >= 1' },
    { query: 'pageSize=500', message: 'pageSize must be <= 100' },
    { query: 'sort=name', message: 'sort is not an allowed field' },
  ])('refuses ?$query with 400', async ({ query, message }) => {
    const response = await world.call({ method: 'GET', url: `/bills?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });
});
