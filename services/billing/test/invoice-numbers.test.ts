import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBill } from '../src/db/bills.repository.js';
import { parseBillInput, priceBill, type BillInput } from '../src/domain/bill-input.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('numbers');
});
afterAll(async () => {
  await world?.close();
});

const sequenceOf = (invoiceNumber: string) => Number(invoiceNumber.split('/')[2]);

async function issue(date: string, name = 'Concurrent Guest') {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm({ date, name }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; invoiceNumber: string };
}

describe('invoice numbers', () => {
  it('gives 40 bills created at once in one financial year 40 consecutive numbers, no gap, no duplicate', async () => {
    // Spread over the whole year (April to March), all in 2025-26; sent together, not one after another.
    const dates = Array.from({ length: 40 }, (_, index) => {
      const month = ((index % 12) + 3) % 12; // 3 = April (0-based)
      const year = month >= 3 ? 2025 : 2026;
      return `${year}-${String(month + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`;
    });
    const bills = await Promise.all(dates.map((date, index) => issue(date, `Concurrent Guest ${index}`)));

    const numbers = bills.map((bill) => bill.invoiceNumber);
    expect(new Set(numbers).size).toBe(40);
    expect(numbers.every((number) => /^INV\/25-26\/\d{6}$/.test(number))).toBe(true);
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(numbers).toContain('INV/25-26/000001');
    expect(numbers).toContain('INV/25-26/000040');

    const { rows } = await world.deps.database.pool.query<{ last_sequence: number }>(
      "select last_sequence from invoice_counters where financial_year = '2025-26'",
    );
    expect(rows[0]!.last_sequence).toBe(40);
  });

  it('does not burn a number when the bill transaction rolls back', async () => {
    const first = await issue('2024-06-01');
    expect(first.invoiceNumber).toBe('INV/24-25/000001');

    const priced = priceBill(parseBillInput(billForm({ date: '2024-06-02' }) as BillInput));
    const actor = { ...world.staff.admin, role: 'admin' };
    await expect(
      world.deps.db.transaction(async (tx) => {
        const bill = await insertBill(tx, priced, actor, new Date());
        expect(bill.invoiceNumber).toBe('INV/24-25/000002');
        throw new Error('something later in the same transaction failed');
      }),
    ).rejects.toThrow('something later');

    const next = await issue('2024-06-03');
    expect(next.invoiceNumber).toBe('INV/24-25/000002');
  });

  it('starts each financial year at 000001, the year turning on 1 April', async () => {
    const march = await issue('2023-03-31');
    const april = await issue('2023-04-01');
    const nextMarch = await issue('2024-03-31');
    expect(march.invoiceNumber).toBe('INV/22-23/000001');
    expect(april.invoiceNumber).toBe('INV/23-24/000001');
    expect(nextMarch.invoiceNumber).toBe('INV/23-24/000002');
  });

  it('numbers two years side by side under concurrency, each without gaps', async () => {
    const dates = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? '2019-05-10' : '2020-05-10'));
    const bills = await Promise.all(dates.map((date) => issue(date)));
    for (const year of ['19-20', '20-21']) {
      const sequences = bills
        .filter((bill) => bill.invoiceNumber.includes(`/${year}/`))
        .map((bill) => sequenceOf(bill.invoiceNumber))
        .sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
    }
  });
});
