import { randomUUID } from 'node:crypto';
import { signTestToken } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawerMovements, drawerShifts, saleRefunds, sales, saleTenders } from '../src/db/counter.schema.js';
import { kolkataDay } from '../src/domain/drawer.js';
import { startCommerceWorld, type CommerceWorld, type Customer } from './support/commerce-world.js';

/*
 * The cash drawer on the real commerce app and database. Shifts are one drawer for the whole spa, so the
 * tests run in order and each leaves the drawer as the next expects (said at the top of each). Cash
 * sales, their tenders and refunds are written by the sale endpoints; here they are inserted as rows
 * (as the sale code writes them) so the Z report can be checked on its own.
 */

interface MovementJson {
  id: string;
  kind: string;
  amountPaise: number;
  reason: string;
  employeeId: string | null;
  saleId: string | null;
}
interface ShiftJson {
  id: string;
  status: 'open' | 'closed';
  openingFloatPaise: number;
  expectedCashPaise: number;
  countedCashPaise: number | null;
  differencePaise: number | null;
  closeNote: string;
  openedByName: string;
  closedByName: string | null;
  openedAt: string;
  closedAt: string | null;
  movements: MovementJson[];
}

let world: CommerceWorld;
let desk: Customer;
let customer: Customer;
const therapistId = randomUUID();

beforeAll(async () => {
  world = await startCommerceWorld('drawer');
  const id = randomUUID();
  desk = {
    id,
    name: 'Meera Desk',
    email: `meera.${id.slice(0, 8)}@example.com`,
    token: await signTestToken({ sub: id, role: 'employee', name: 'Meera Desk' }),
  };
  customer = await world.customer('Asha Verma');
});
afterAll(async () => world?.close());

function send(as: Customer | null, method: 'GET' | 'POST', url: string, body?: object, key?: string) {
  return world.app.inject({
    method,
    url,
    headers: {
      ...(as ? { authorization: `Bearer ${as.token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

async function open(openingFloatPaise: number, as: Customer = desk): Promise<ShiftJson> {
  const response = await send(as, 'POST', '/counter/drawer/shifts', { openingFloatPaise });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** `key` null: no Idempotency-Key header. */
const move = (shiftId: string, body: object, key: string | null = randomUUID(), as: Customer = desk) =>
  send(as, 'POST', `/counter/drawer/shifts/${shiftId}/movements`, body, key ?? undefined);

const close = (shiftId: string, body: object, as: Customer = desk) =>
  send(as, 'POST', `/counter/drawer/shifts/${shiftId}/close`, body);

async function current(): Promise<ShiftJson | null> {
  const response = await send(desk, 'GET', '/counter/drawer');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().shift;
}

async function movementRows(shiftId: string) {
  return world.deps.db.select().from(drawerMovements).where(eq(drawerMovements.shiftId, shiftId));
}

/** The drawer as the next test expects it: no shift open. */
async function closeAnyOpen() {
  const shift = await current();
  if (shift) {
    const response = await close(shift.id, { countedCashPaise: shift.expectedCashPaise });
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('who may use the drawer', () => {
  const someId = randomUUID();
  const routes: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/counter/drawer'],
    ['POST', '/counter/drawer/shifts', { openingFloatPaise: 1000 }],
    ['GET', '/counter/drawer/shifts'],
    ['GET', `/counter/drawer/shifts/${someId}`],
    ['POST', `/counter/drawer/shifts/${someId}/movements`, { kind: 'in', amountPaise: 100, reason: 'x' }],
    ['POST', `/counter/drawer/shifts/${someId}/close`, { countedCashPaise: 0 }],
    ['GET', `/counter/drawer/shifts/${someId}/z-report`],
    ['GET', '/counter/drawer/z-report?date=2026-12-07'],
  ];

  it('refuses a customer (403) and an anonymous caller (401) on every drawer route, and opens nothing', async () => {
    for (const [method, url, body] of routes) {
      const asCustomer = await send(customer, method, url, body, 'key-1');
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect(asCustomer.json()).toMatchObject({ code: 'FORBIDDEN' });
      const anonymous = await send(null, method, url, body, 'key-1');
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await world.deps.db.select().from(drawerShifts)).toHaveLength(0);
  });
});

describe('opening the drawer', () => {
  it('answers no shift while the drawer is closed', async () => {
    expect(await current()).toBeNull();
  });

  it('opens with the float as the first movement and the expected cash, and announces it', async () => {
    const shift = await open(200_000);
    expect(shift).toMatchObject({
      status: 'open',
      openingFloatPaise: 200_000,
      expectedCashPaise: 200_000,
      countedCashPaise: null,
      differencePaise: null,
      openedByName: 'Meera Desk',
      closedAt: null,
    });
    expect(shift.movements).toEqual([expect.objectContaining({ kind: 'float', amountPaise: 200_000 })]);
    expect((await current())?.id).toBe(shift.id);
    const [opened] = (await world.published('commerce.drawer.shift_opened')).filter(
      (event) => event.key === shift.id,
    );
    expect(opened?.payload.shift).toMatchObject({
      shiftId: shift.id,
      status: 'open',
      openingFloatPaise: 200_000n,
      expectedCashPaise: 200_000n,
      openedById: desk.id,
      openedByName: 'Meera Desk',
    });
    await closeAnyOpen();
  });

  it('lets only one of two desks opening at once open a shift; the other is told which is open', async () => {
    const answers = await Promise.all([
      send(desk, 'POST', '/counter/drawer/shifts', { openingFloatPaise: 1_000 }),
      send(world.admin, 'POST', '/counter/drawer/shifts', { openingFloatPaise: 2_000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const opened = answers.find((answer) => answer.statusCode === 201)!.json() as ShiftJson;
    const refused = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'DRAWER_OPEN', details: [{ shiftId: opened.id }] });
    const again = await send(desk, 'POST', '/counter/drawer/shifts', { openingFloatPaise: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DRAWER_OPEN');
    const openRows = await world.deps.db.select().from(drawerShifts).where(eq(drawerShifts.status, 'open'));
    expect(openRows).toHaveLength(1);
    await closeAnyOpen();
  });

  it('refuses a float that is negative, a fraction, text or past the limit (400)', async () => {
    for (const openingFloatPaise of [-1, 10.5, '1000', 100_000_001])
      expect((await send(desk, 'POST', '/counter/drawer/shifts', { openingFloatPaise })).statusCode).toBe(
        400,
      );
    expect((await send(desk, 'POST', '/counter/drawer/shifts', {})).statusCode).toBe(400);
    expect(await current()).toBeNull();
  });
});

describe('cash in, cash out and tips paid out', () => {
  let shift: ShiftJson;
  beforeAll(async () => {
    shift = await open(100_000);
  });
  afterAll(closeAnyOpen);

  it('keeps the expected cash as the sum of the movements and announces each movement', async () => {
    const cashIn = await move(shift.id, { kind: 'in', amountPaise: 50_000, reason: 'Change from the bank' });
    expect(cashIn.statusCode, cashIn.body).toBe(201);
    expect(
      (await move(shift.id, { kind: 'out', amountPaise: 12_050, reason: 'Milk and flowers' })).statusCode,
    ).toBe(201);
    const tip = await move(shift.id, { kind: 'tip_payout', amountPaise: 20_000, employeeId: therapistId });
    expect(tip.statusCode, tip.body).toBe(201);
    const after = tip.json() as ShiftJson;
    expect(after.expectedCashPaise).toBe(100_000 + 50_000 - 12_050 - 20_000);
    expect(after.movements.map((movement) => [movement.kind, movement.amountPaise])).toEqual([
      ['float', 100_000],
      ['in', 50_000],
      ['out', -12_050],
      ['tip_payout', -20_000],
    ]);
    expect(after.movements[3]).toMatchObject({ employeeId: therapistId });
    expect((await current())?.expectedCashPaise).toBe(117_950);
    const moved = (await world.published('commerce.drawer.cash_moved')).filter(
      (event) => event.key === shift.id,
    );
    expect(moved.map((event) => [event.payload.kind, event.payload.amountPaise])).toEqual([
      ['in', 50_000n],
      ['out', -12_050n],
      ['tip_payout', -20_000n],
    ]);
    expect(moved[2]?.payload).toMatchObject({ employeeId: therapistId, recordedById: desk.id });
  });

  it('moves cash once for a retried request (same Idempotency-Key) and refuses the key for another movement', async () => {
    const key = randomUUID();
    const body = { kind: 'in', amountPaise: 1_000, reason: 'Coins' };
    const first = await move(shift.id, body, key);
    const retry = await move(shift.id, body, key);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect((retry.json() as ShiftJson).expectedCashPaise).toBe((first.json() as ShiftJson).expectedCashPaise);
    const reused = await move(shift.id, { ...body, amountPaise: 2_000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await movementRows(shift.id)).filter((row) => row.reason === 'Coins')).toHaveLength(1);
  });

  it('refuses a movement without an Idempotency-Key (400) and moves nothing', async () => {
    const before = (await movementRows(shift.id)).length;
    const response = await move(shift.id, { kind: 'in', amountPaise: 1_000, reason: 'Coins' }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'Idempotency-Key' }],
    });
    const blank = await move(shift.id, { kind: 'in', amountPaise: 1_000, reason: 'Coins' }, '   ');
    expect(blank.statusCode).toBe(400);
    expect(await movementRows(shift.id)).toHaveLength(before);
  });

  it('refuses cash in or out without a reason and a tip payout without a therapist (400)', async () => {
    const before = (await movementRows(shift.id)).length;
    for (const body of [
      { kind: 'in', amountPaise: 1_000 },
      { kind: 'out', amountPaise: 1_000, reason: '   ' },
      { kind: 'tip_payout', amountPaise: 1_000, reason: 'Tip for Kavya' },
    ]) {
      const response = await move(shift.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await movementRows(shift.id)).toHaveLength(before);
  });

  it('refuses amounts that are not whole positive paise within the limit, and kinds the desk may not record', async () => {
    for (const body of [
      { kind: 'in', amountPaise: 0, reason: 'x' },
      { kind: 'in', amountPaise: -500, reason: 'x' },
      { kind: 'in', amountPaise: 99.5, reason: 'x' },
      { kind: 'in', amountPaise: 100_000_001, reason: 'x' },
      { kind: 'sale', amountPaise: 500, reason: 'x' },
      { kind: 'float', amountPaise: 500, reason: 'x' },
      { kind: 'refund', amountPaise: 500, reason: 'x' },
    ])
      expect((await move(shift.id, body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it('refuses to take out more cash than the drawer should hold (422)', async () => {
    const { expectedCashPaise } = (await current())!;
    const response = await move(shift.id, {
      kind: 'out',
      amountPaise: expectedCashPaise + 1,
      reason: 'Bank',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('INSUFFICIENT_CASH');
    expect((await current())!.expectedCashPaise).toBe(expectedCashPaise);
  });

  it('answers 404 for a shift that does not exist', async () => {
    const response = await move(randomUUID(), { kind: 'in', amountPaise: 100, reason: 'x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('closing with the count', () => {
  let shift: ShiftJson;
  beforeAll(async () => {
    shift = await open(50_000);
    expect((await move(shift.id, { kind: 'in', amountPaise: 10_000, reason: 'Top up' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a count that differs from the expected cash without a note, and leaves the shift open', async () => {
    const response = await close(shift.id, { countedCashPaise: 59_500 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'CLOSE_NOTE_REQUIRED',
      details: [{ expectedCashPaise: 60_000, countedCashPaise: 59_500, differencePaise: -500 }],
    });
    expect((await current())?.id).toBe(shift.id);
  });

  it('closes short with a note: the difference is counted − expected, recorded and announced', async () => {
    const response = await close(
      shift.id,
      { countedCashPaise: 59_500, note: 'A ₹5 coin under the tray' },
      world.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'closed',
      expectedCashPaise: 60_000,
      countedCashPaise: 59_500,
      differencePaise: -500,
      closeNote: 'A ₹5 coin under the tray',
      closedByName: 'Riya Admin',
    });
    expect(await current()).toBeNull();
    const closed = (await world.published('commerce.drawer.shift_closed')).filter(
      (event) => event.key === shift.id,
    );
    expect(closed).toHaveLength(1);
    expect(closed[0]!.payload.shift).toMatchObject({
      status: 'closed',
      expectedCashPaise: 60_000n,
      countedCashPaise: 59_500n,
      differencePaise: -500n,
      closeNote: 'A ₹5 coin under the tray',
      closedById: world.admin.id,
    });
  });

  it('never changes a closed shift: no movement (409 DRAWER_CLOSED), no second close, no second event', async () => {
    const before = await movementRows(shift.id);
    const moved = await move(shift.id, { kind: 'in', amountPaise: 500, reason: 'Late coin' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('DRAWER_CLOSED');
    const recount = await close(shift.id, { countedCashPaise: 60_000 });
    expect(recount.statusCode).toBe(409);
    expect(recount.json().code).toBe('DRAWER_CLOSED');
    // A double click on close: the same count and note answer the shift as it was closed.
    const doubleClick = await close(shift.id, { countedCashPaise: 59_500, note: 'A ₹5 coin under the tray' });
    expect(doubleClick.statusCode).toBe(200);
    expect(doubleClick.json()).toMatchObject({ countedCashPaise: 59_500, closedByName: 'Riya Admin' });
    expect(await movementRows(shift.id)).toEqual(before);
    const [row] = await world.deps.db.select().from(drawerShifts).where(eq(drawerShifts.id, shift.id));
    expect(row).toMatchObject({ countedCashPaise: 59_500, differencePaise: -500, expectedCashPaise: 60_000 });
    const closed = (await world.published('commerce.drawer.shift_closed')).filter(
      (event) => event.key === shift.id,
    );
    expect(closed).toHaveLength(1);
  });

  it('never lets a movement racing the close land after the count', async () => {
    for (let round = 0; round < 5; round++) {
      const racing = await open(10_000);
      const [moved, closed] = await Promise.all([
        move(racing.id, { kind: 'in', amountPaise: 1_000, reason: 'Race' }),
        close(racing.id, { countedCashPaise: 10_000, note: 'Counted while cash came in' }),
      ]);
      expect([201, 409]).toContain(moved.statusCode);
      expect(closed.statusCode, closed.body).toBe(200);
      const [row] = await world.deps.db.select().from(drawerShifts).where(eq(drawerShifts.id, racing.id));
      const movements = await movementRows(racing.id);
      expect(row!.expectedCashPaise).toBe(movements.reduce((sum, movement) => sum + movement.amountPaise, 0));
    }
  });

  it('closes an exact count without a note', async () => {
    const exact = await open(10_000);
    const response = await close(exact.id, { countedCashPaise: 10_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ differencePaise: 0, closeNote: '' });
  });

  it('refuses a count that is not whole paise (400) and a shift that does not exist (404)', async () => {
    const shiftNow = await open(0);
    expect((await close(shiftNow.id, { countedCashPaise: -100, note: 'x' })).statusCode).toBe(400);
    expect((await close(shiftNow.id, { countedCashPaise: 12.5, note: 'x' })).statusCode).toBe(400);
    expect((await close(randomUUID(), { countedCashPaise: 0 })).statusCode).toBe(404);
    expect((await current())?.id).toBe(shiftNow.id);
    await closeAnyOpen();
  });
});

describe('Z reports', () => {
  /** A completed sale and its paid tenders as the sale code writes them (cash into the open shift). */
  async function completedSale(
    shiftId: string,
    fields: { totalPaise: number; tipPaise?: number; discountPaise?: number; completedAt?: Date },
    tenders: Array<{
      method: 'cash' | 'card_terminal' | 'razorpay' | 'online';
      amountPaise: number;
      changePaise?: number;
    }>,
  ) {
    const saleId = randomUUID();
    const completedAt = fields.completedAt ?? new Date();
    await world.deps.db.insert(sales).values({
      id: saleId,
      status: 'completed',
      customerName: 'Walk-in',
      totalPaise: fields.totalPaise,
      tipPaise: fields.tipPaise ?? 0,
      discountPaise: fields.discountPaise ?? 0,
      paidPaise: tenders.reduce((sum, tender) => sum + tender.amountPaise, 0),
      cashierId: desk.id,
      cashierName: desk.name,
      openedAt: completedAt,
      completedAt,
    });
    for (const tender of tenders) {
      const tenderId = randomUUID();
      const cash = tender.method === 'cash';
      await world.deps.db.insert(saleTenders).values({
        id: tenderId,
        saleId,
        idempotencyKey: randomUUID(),
        method: tender.method,
        status: 'paid',
        amountPaise: tender.amountPaise,
        cashReceivedPaise: cash ? tender.amountPaise + (tender.changePaise ?? 0) : 0,
        changePaise: cash ? (tender.changePaise ?? 0) : 0,
        shiftId: cash ? shiftId : null,
        recordedById: desk.id,
        createdAt: completedAt,
        paidAt: completedAt,
      });
      if (cash)
        await world.deps.db.insert(drawerMovements).values({
          id: randomUUID(),
          shiftId,
          kind: 'sale',
          amountPaise: tender.amountPaise,
          saleId,
          tenderId,
          recordedById: desk.id,
        });
    }
    return saleId;
  }

  async function cashRefund(shiftId: string, saleId: string, amountPaise: number) {
    const refundId = randomUUID();
    await world.deps.db.insert(saleRefunds).values({
      id: refundId,
      saleId,
      idempotencyKey: randomUUID(),
      method: 'cash',
      status: 'processed',
      amountPaise,
      reason: 'Returned product',
      shiftId,
      refundedById: desk.id,
      processedAt: new Date(),
    });
    await world.deps.db.insert(drawerMovements).values({
      id: randomUUID(),
      shiftId,
      kind: 'refund',
      amountPaise: -amountPaise,
      saleId,
      refundId,
      recordedById: desk.id,
    });
  }

  let first: ShiftJson;
  let second: ShiftJson;
  let day: string;

  beforeAll(async () => {
    await closeAnyOpen();
    first = await open(200_000);
    day = kolkataDay(new Date(first.openedAt));
    // Yesterday's sale is no part of this shift's or this day's report.
    await completedSale(
      first.id,
      { totalPaise: 999_900, completedAt: new Date(Date.now() - 2 * 86_400_000) },
      [{ method: 'card_terminal', amountPaise: 999_900 }],
    );
    const cashSale = await completedSale(
      first.id,
      { totalPaise: 150_000, tipPaise: 20_000, discountPaise: 5_000 },
      [{ method: 'cash', amountPaise: 150_000, changePaise: 50_000 }],
    );
    await completedSale(first.id, { totalPaise: 300_000 }, [
      { method: 'online', amountPaise: 100_000 },
      { method: 'card_terminal', amountPaise: 120_000 },
      { method: 'razorpay', amountPaise: 80_000 },
    ]);
    await cashRefund(first.id, cashSale, 30_000);
    expect((await move(first.id, { kind: 'in', amountPaise: 5_000, reason: 'Coins' })).statusCode).toBe(201);
    expect((await move(first.id, { kind: 'out', amountPaise: 2_000, reason: 'Courier' })).statusCode).toBe(
      201,
    );
    expect(
      (await move(first.id, { kind: 'tip_payout', amountPaise: 20_000, employeeId: therapistId })).statusCode,
    ).toBe(201);
  });

  const expectedFirst = 200_000 + 150_000 - 30_000 + 5_000 - 2_000 - 20_000;

  it('shows an open shift’s figures with the live expected cash and no count (its X report)', async () => {
    const response = await send(desk, 'GET', `/counter/drawer/shifts/${first.id}/z-report`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      shift: { id: first.id, status: 'open' },
      sales: { count: 2, totalPaise: 450_000, tipPaise: 20_000, discountPaise: 5_000 },
      tenders: { cash: 150_000, card_terminal: 120_000, razorpay: 80_000, online: 100_000 },
      refunds: { count: 1, totalPaise: 30_000, cashPaise: 30_000 },
      movements: { in: 5_000, out: 2_000, tipPayouts: 20_000 },
      openingFloatPaise: 200_000,
      expectedCashPaise: expectedFirst,
      countedCashPaise: null,
      differencePaise: null,
    });
  });

  it('reports a closed shift against its count, and leaves out sales made after it closed', async () => {
    expect(
      (await close(first.id, { countedCashPaise: expectedFirst + 1_000, note: 'Over: a tip left' }))
        .statusCode,
    ).toBe(200);
    second = await open(50_000);
    await completedSale(second.id, { totalPaise: 40_000 }, [{ method: 'cash', amountPaise: 40_000 }]);
    const response = await send(desk, 'GET', `/counter/drawer/shifts/${first.id}/z-report`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      shift: { status: 'closed' },
      sales: { count: 2, totalPaise: 450_000 },
      tenders: { cash: 150_000 },
      expectedCashPaise: expectedFirst,
      countedCashPaise: expectedFirst + 1_000,
      differencePaise: 1_000,
    });
  });

  it('adds up the day’s shifts and sales; no count until every shift of the day is closed', async () => {
    const whileOpen = await send(desk, 'GET', `/counter/drawer/z-report?date=${day}`);
    expect(whileOpen.statusCode, whileOpen.body).toBe(200);
    expect(whileOpen.json()).toMatchObject({
      date: day,
      timeZone: 'Asia/Kolkata',
      sales: { count: 3, totalPaise: 490_000 },
      tenders: { cash: 190_000, card_terminal: 120_000, razorpay: 80_000, online: 100_000 },
      countedCashPaise: null,
      differencePaise: null,
    });
    // The day holds every shift opened on it, this file's earlier ones too, oldest first.
    const shifts = whileOpen.json().shifts as ShiftJson[];
    expect(shifts.slice(-2).map((shift) => shift.id)).toEqual([first.id, second.id]);
    expect(shifts.find((shift) => shift.id === second.id)?.expectedCashPaise).toBe(90_000);
    const sum = (pick: (shift: ShiftJson) => number) =>
      shifts.reduce((total, shift) => total + pick(shift), 0);
    expect(whileOpen.json().openingFloatPaise).toBe(sum((shift) => shift.openingFloatPaise));
    expect(whileOpen.json().expectedCashPaise).toBe(sum((shift) => shift.expectedCashPaise));

    expect((await close(second.id, { countedCashPaise: 89_800, note: 'Short ₹2' })).statusCode).toBe(200);
    const closed = (await send(desk, 'GET', `/counter/drawer/z-report?date=${day}`)).json();
    const dayShifts = closed.shifts as ShiftJson[];
    expect(dayShifts.find((shift) => shift.id === second.id)?.differencePaise).toBe(-200);
    expect(closed.differencePaise).toBe(
      dayShifts.reduce((total, shift) => total + shift.differencePaise!, 0),
    );
    expect(closed.countedCashPaise - closed.expectedCashPaise).toBe(closed.differencePaise);
  });

  it('reports nothing for a day without shifts or sales', async () => {
    const response = await send(desk, 'GET', '/counter/drawer/z-report?date=2001-01-01');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      shifts: [],
      sales: { count: 0, totalPaise: 0 },
      openingFloatPaise: 0,
      expectedCashPaise: 0,
      countedCashPaise: null,
    });
  });

  it('refuses a day that is missing, malformed or does not exist (400) and an unknown shift (404)', async () => {
    for (const query of ['', '?date=07-12-2026', '?date=2026-02-30', '?date=2026-12-07T00:00:00Z'])
      expect((await send(desk, 'GET', `/counter/drawer/z-report${query}`)).statusCode, query).toBe(400);
    expect((await send(desk, 'GET', `/counter/drawer/shifts/${randomUUID()}/z-report`)).statusCode).toBe(404);
  });

  it('lists the shifts of a range of days, newest first, and refuses a range backwards or too long', async () => {
    const listed = await send(desk, 'GET', `/counter/drawer/shifts?from=${day}&to=${day}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const shifts = listed.json().shifts as ShiftJson[];
    expect(shifts[0]!.id).toBe(second.id);
    expect(shifts.map((shift) => shift.id)).toContain(first.id);
    expect((await send(desk, 'GET', '/counter/drawer/shifts')).json().shifts.length).toBeGreaterThanOrEqual(
      2,
    );
    expect((await send(desk, 'GET', '/counter/drawer/shifts?from=2001-01-01&to=2001-01-01')).json()).toEqual({
      shifts: [],
    });
    for (const query of [
      '?from=2026-12-08&to=2026-12-07',
      '?from=2026-01-01&to=2026-12-31',
      '?from=2026-13-01',
    ])
      expect((await send(desk, 'GET', `/counter/drawer/shifts${query}`)).statusCode, query).toBe(400);
  });
});

describe('API documentation', () => {
  it('documents every drawer route', async () => {
    const response = await world.call(null, 'GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/counter/drawer',
        '/counter/drawer/shifts',
        '/counter/drawer/shifts/{id}',
        '/counter/drawer/shifts/{id}/movements',
        '/counter/drawer/shifts/{id}/close',
        '/counter/drawer/shifts/{id}/z-report',
        '/counter/drawer/z-report',
      ]),
    );
  });
});
