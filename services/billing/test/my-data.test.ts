import { create, fromBinary } from '@bufbuild/protobuf';
import { signTestToken } from '@spa/kit/testing';
import { billingV1, envelopeV1, identityV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { ERASED_NOTE } from '../src/use-cases/my-data.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('my_data');
});
afterAll(async () => world?.close());

const EMAIL = 'meera.iyer@billing.test';

async function issue(overrides: Record<string, unknown>): Promise<{ _id: string }> {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function query<T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> {
  return (await world.deps.database.pool.query<T>(text, values)).rows;
}

describe('a customer’s own bills', () => {
  it('exports the bills issued to a verified email and their PDFs, to nobody else', async () => {
    const mine = await issue({
      name: 'Meera Iyer',
      email: 'Meera.Iyer@billing.test',
      phone: '+91 90000 11111',
    });
    const someoneElses = await issue({
      name: 'Kabir Rao',
      email: 'kabir@billing.test',
      phone: '+91 90000 22222',
    });
    const verified = await signTestToken({ email: EMAIL, emailVerified: true });
    const unverified = await signTestToken({ email: EMAIL, emailVerified: false });

    const exported = await world.app.inject({
      method: 'GET',
      url: '/bills/me/export',
      headers: as(verified),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().bills.map((bill: { _id: string }) => bill._id)).toEqual([mine._id]);
    // An account that has not proved it owns the address sees nothing kept under it.
    const notProved = await world.app.inject({
      method: 'GET',
      url: '/bills/me/export',
      headers: as(unverified),
    });
    expect(notProved.json()).toEqual({ bills: [], matchedBy: null });
    expect((await world.app.inject({ method: 'GET', url: '/bills/me/export' })).statusCode).toBe(401);

    const pdf = await world.app.inject({
      method: 'GET',
      url: `/bills/me/export/${mine._id}/pdf`,
      headers: as(verified),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const notMine = await world.app.inject({
      method: 'GET',
      url: `/bills/me/export/${someoneElses._id}/pdf`,
      headers: as(verified),
    });
    expect(notMine.statusCode).toBe(404);
    const bad = await world.app.inject({
      method: 'GET',
      url: '/bills/me/export/nope/pdf',
      headers: as(verified),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('on identity.user.erased keeps the GST invoices with the name only, however often it runs', async () => {
    const byEmail = await issue({
      name: 'Priya Nair',
      email: 'priya@billing.test',
      phone: '+91 90000 33333',
    });
    const byPhone = await issue({ name: 'Priya Nair', phone: '090000 33333' });
    const other = await issue({ name: 'Rohan Verma', email: 'rohan@billing.test', phone: '+91 90000 44444' });
    // A cached PDF (with the phone printed on it) must not outlive the erasure.
    const staff = await world.call({ method: 'GET', url: `/bills/${byEmail._id}/download` });
    expect(staff.statusCode).toBe(200);

    const payload = create(identityV1.UserErasedSchema, {
      userId: 'c0000000-0000-4000-8000-000000000009',
      email: 'PRIYA@billing.test',
      phone: '+91 9000033333',
      reason: 'self',
    });
    const meta = {
      id: payload.userId,
      type: 'identity.user.erased',
      aggregateId: payload.userId,
      occurredAt: new Date(),
      producer: 'identity',
      topic: 'identity.user-erasure.v1',
      partition: 0,
      offset: '0',
    };
    const handle = userErased(world.deps);
    for (let run = 0; run < 2; run++) await world.deps.db.transaction((tx) => handle(tx, payload, meta));

    // What billing's database keeps about them: the invoices, with the name on them and no contact details.
    const kept = await query(
      'select name, phone, email from bills where id = any($1::uuid[]) order by created_at',
      [[byEmail._id, byPhone._id]],
    );
    expect(kept).toEqual([
      { name: 'Priya Nair', phone: '', email: null },
      { name: 'Priya Nair', phone: '', email: null },
    ]);
    expect(await query('select bill_id from invoice_pdfs where bill_id = $1', [byEmail._id])).toEqual([]);
    // Each bill erased once (the second run found nothing left), as a revision of its own by the system,
    // announced without the contact details: the newest event is what a restore gets the bill back from.
    expect(
      await query(
        `select b.revision, h.changed_by_id, h.changes from bills b
         join bill_history h on h.bill_id = b.id and h.revision = b.revision
         where b.id = any($1::uuid[]) order by b.created_at`,
        [[byEmail._id, byPhone._id]],
      ),
    ).toEqual([
      {
        revision: 2,
        changed_by_id: 'system',
        changes: [
          { field: 'phone', from: null, to: null, note: ERASED_NOTE },
          { field: 'email', from: null, to: null, note: ERASED_NOTE },
        ],
      },
      {
        revision: 2,
        changed_by_id: 'system',
        changes: [{ field: 'phone', from: null, to: null, note: ERASED_NOTE }],
      },
    ]);
    const announced = await query<{ key: string; payload: Buffer }>(
      `select key, payload from outbox where event_type = 'billing.bill.updated' and key = any($1::text[])
       order by seq`,
      [[byEmail._id, byPhone._id]],
    );
    expect(announced.map((row) => row.key)).toEqual([byEmail._id, byPhone._id]);
    for (const row of announced) {
      const event = fromBinary(
        billingV1.BillUpdatedSchema,
        fromBinary(envelopeV1.EventEnvelopeSchema, row.payload).payload,
      );
      expect(event.bill).toMatchObject({ customerName: 'Priya Nair', phone: '', email: '', revision: 2 });
      expect(event.updatedById).toBe('system');
    }
    expect(await query('select name, phone, email from bills where id = $1', [other._id])).toEqual([
      { name: 'Rohan Verma', phone: '+91 90000 44444', email: 'rohan@billing.test' },
    ]);
  });
});
