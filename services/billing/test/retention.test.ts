import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_ERASED, sweepInvoicesPastRetention } from '../src/use-cases/retention.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

/*
 * The retention sweep on real bills: an invoice of a year whose 72 months have run out loses its
 * customer (but keeps its number, lines and amounts); a younger one keeps everything.
 */
let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('retention');
});
afterAll(async () => world?.close());

async function issue(
  date: string,
  name: string,
): Promise<{ _id: string; invoiceNumber: string; total: number }> {
  const response = await world.call({
    method: 'POST',
    url: '/bills',
    payload: billForm({ date, name, email: `${name.split(' ')[0]!.toLowerCase()}@billing.test` }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const rows = async (id: string) =>
  (
    await world.deps.database.pool.query(
      'select name, phone, email, customer_id, gender, invoice_number, total_paise from bills where id = $1',
      [id],
    )
  ).rows;

describe('GST invoices past their retention', () => {
  it('lose the customer’s details, history included, and keep the books; younger ones keep everything', async () => {
    // 2018-19: its annual return was due 31 December 2019; 72 months later is 31 December 2025.
    const old = await issue('2018-06-15', 'Old Customer');
    // A change of phone in its history, which must go too.
    const edited = await world.call({
      method: 'PUT',
      url: `/bills/${old._id}`,
      payload: billForm({ date: '2018-06-15', name: 'Old Customer', phone: '+91 90000 55555' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // 2019-20: kept until the end of 2026.
    const young = await issue('2019-06-15', 'Young Customer');
    const [oldBefore] = await rows(old._id);
    const [youngBefore] = await rows(young._id);

    const now = new Date('2026-11-25T06:00:00Z');
    expect(await sweepInvoicesPastRetention(world.deps, now)).toBe(1);

    expect(await rows(old._id)).toEqual([
      {
        ...oldBefore,
        name: RETENTION_ERASED,
        phone: '',
        email: null,
        customer_id: '',
        gender: null,
      },
    ]);
    const history = await world.deps.database.pool.query(
      'select changes from bill_history where bill_id = $1',
      [old._id],
    );
    expect(JSON.stringify(history.rows)).not.toContain('90000 55555');
    expect(JSON.stringify(history.rows)).not.toContain('98765 43210');
    expect(await rows(young._id)).toEqual([youngBefore]);
    // Idempotent: nothing more to do.
    expect(await sweepInvoicesPastRetention(world.deps, now)).toBe(0);
    // Once 2019-20's time is up, it goes as well.
    expect(await sweepInvoicesPastRetention(world.deps, new Date('2027-01-01T00:00:00Z'))).toBe(1);
    expect((await rows(young._id))[0]).toMatchObject({ name: RETENTION_ERASED, phone: '', email: null });
  });

  it('keeps every invoice when the setting is 0 (for ever)', async () => {
    const forEver = {
      ...world.deps,
      config: { ...world.deps.config, retention: { invoiceMonths: 0, sweepIntervalSeconds: 0 } },
    };
    const bill = await issue('2016-06-15', 'Kept Customer');
    expect(await sweepInvoicesPastRetention(forEver, new Date('2030-01-01T00:00:00Z'))).toBe(0);
    expect((await rows(bill._id))[0]).toMatchObject({ name: 'Kept Customer' });
  });
});
