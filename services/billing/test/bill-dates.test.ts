import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/domain/bill-dates.js';
import { todayInKolkata } from '../src/domain/calendar.js';
import { financialYearOf } from '../src/domain/invoice-number.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

// The default window (7 days back, none ahead) and a closed financial year: the one before today's.
const today = todayInKolkata();
const previousYearStart = Number(financialYearOf(today).slice(0, 4)) - 1;
const closedYear = `${previousYearStart}-${String((previousYearStart + 1) % 100).padStart(2, '0')}`;

let world: BillingWorld;
let wide: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('dates', {
    env: { BILL_DATE_DAYS_BACK: '7', BILL_DATE_DAYS_AHEAD: '0', CLOSED_FINANCIAL_YEAR: closedYear },
  });
  // A second billing with the window wide open, to hold a bill of the closed year (issued before closing).
  wide = await startBillingWorld('dates_wide');
});
afterAll(async () => {
  await world?.close();
  await wide?.close();
});

const issue = (date: string, as: 'admin' | 'employee' = 'employee') =>
  world.call({ method: 'POST', url: '/bills', payload: billForm({ date }), as });

describe('bill dates', () => {
  it('issues a bill dated today or up to seven days back', async () => {
    for (const date of [today, addDays(today, -7)]) {
      const response = await issue(date);
      // Unless the 7 days reach into the closed year (the first week of April).
      if (financialYearOf(date) <= closedYear) expect(response.statusCode).toBe(422);
      else expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('refuses a date further back or ahead with a 422 naming the days allowed', async () => {
    for (const date of [addDays(today, -8), addDays(today, 1), addDays(today, 400)]) {
      const response = await issue(date, 'admin');
      expect(response.statusCode, date).toBe(422);
      const body = response.json();
      expect(['BILL_DATE_OUT_OF_RANGE', 'FINANCIAL_YEAR_CLOSED']).toContain(body.code);
      expect(body.message).toMatch(/can be dated (from \d\d\/\d\d\/\d{4} to|only) \d\d\/\d\d\/\d{4}/);
      expect(body.details).toEqual([{ field: 'date', message: body.message }]);
    }
    expect((await world.call({ method: 'GET', url: '/bills' })).json().total).toBeLessThanOrEqual(2);
  });

  it('refuses a date in the closed financial year', async () => {
    const response = await issue(`${previousYearStart}-06-15`, 'admin');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'FINANCIAL_YEAR_CLOSED' });
    expect(response.json().message).toContain(`Financial year ${closedYear} is closed`);
  });

  it('lets an admin edit an older bill keeping its date, but not move it out of the window', async () => {
    const created = (await issue(today)).json();
    const kept = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ date: created.date, paymentMethod: 'UPI' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().history[0]).toMatchObject({
      revision: 2,
      changedBy: { ...world.staff.admin, role: 'admin' },
      changes: [{ field: 'paymentMethod', from: 'Cash', to: 'UPI' }],
    });
    const moved = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ date: addDays(today, 1), paymentMethod: 'UPI' }),
    });
    expect(moved.statusCode).toBe(422);
  });

  it('keeps an invoice of a closed year final, even for an admin', async () => {
    const old = await wide.call({
      method: 'POST',
      url: '/bills',
      payload: billForm({ date: `${previousYearStart}-06-15` }),
    });
    expect(old.statusCode, old.body).toBe(201);
    // The same billing after closing that year: the strict settings on the wide world's database.
    const closed = await startBillingWorld('dates_closed', {
      env: { CLOSED_FINANCIAL_YEAR: closedYear, DATABASE_URL: wide.deps.config.databaseUrl },
    });
    try {
      const edit = await closed.call({
        method: 'PUT',
        url: `/bills/${old.json()._id}`,
        payload: billForm({ date: `${previousYearStart}-06-15`, paymentMethod: 'Card' }),
      });
      expect(edit.statusCode).toBe(422);
      expect(edit.json()).toMatchObject({ code: 'FINANCIAL_YEAR_CLOSED' });
      expect(edit.json().message).toContain('can no longer be changed');
    } finally {
      await closed.close();
    }
  });
});
