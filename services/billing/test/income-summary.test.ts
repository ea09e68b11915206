import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInKolkata } from '../src/domain/calendar.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('income');
});
afterAll(async () => {
  await world?.close();
});

function shiftDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** One calendar month back, clamped to the month's last day (31 March → 28 or 29 February). */
function monthBack(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const back = new Date(Date.UTC(year, month - 2, Math.min(day, lastDay)));
  return back.toISOString().slice(0, 10);
}

/** A bill whose total is exactly `rupees` (no gst, no discounts). */
async function billOf(rupees: number, date: string) {
  const response = await world.call({
    method: 'POST',
    url: '/bills',
    payload: billForm({
      date,
      discountPercent: 0,
      services: [{ serviceName: 'Head Massage', price: rupees, gst: 0, discount: 0 }],
      products: [],
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().totalPrice).toBe(rupees);
}

describe('income summary', () => {
  it('sums totals by calendar day in Asia/Kolkata: today, 7 days, one month, all time and a chosen range', async () => {
    const today = todayInKolkata();
    await billOf(100, today);
    await billOf(200, shiftDays(today, -6)); // the oldest day of the last 7
    await billOf(400, shiftDays(today, -7)); // outside the 7 days, inside the month
    await billOf(800, monthBack(today)); // the oldest day of the last 30 days window
    await billOf(1600, shiftDays(monthBack(today), -1)); // just outside it
    await billOf(3200, shiftDays(today, 1)); // dated tomorrow: only in all time
    await billOf(6400.25, '2022-01-01');

    const plain = (await world.call({ method: 'GET', url: '/bills' })).json();
    expect(plain.summary).toEqual({ today: 100, last7Days: 300, last30Days: 1500, allTime: 12700.25 });

    const range = `startDate=${shiftDays(today, -7)}&endDate=${shiftDays(today, -6)}`;
    const ranged = (await world.call({ method: 'GET', url: `/bills?${range}` })).json();
    expect(ranged.summary).toEqual({
      today: 100,
      last7Days: 300,
      last30Days: 1500,
      allTime: 12700.25,
      range: 600,
    });
    expect(ranged.total).toBe(2);

    const openEnded = (
      await world.call({ method: 'GET', url: `/bills?startDate=${shiftDays(today, 1)}` })
    ).json();
    expect(openEnded.summary.range).toBe(3200);
    const upTo = (await world.call({ method: 'GET', url: '/bills?endDate=2022-01-01' })).json();
    expect(upTo.summary.range).toBe(6400.25);

    // The search narrows the table, never the income cards.
    const searched = (await world.call({ method: 'GET', url: '/bills?search=nobody-matches-this' })).json();
    expect(searched).toMatchObject({ bills: [], total: 0 });
    expect(searched.summary.allTime).toBe(12700.25);
  });
});
