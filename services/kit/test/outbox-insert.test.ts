import { fromBinary } from '@bufbuild/protobuf';
import { envelopeV1, events } from '@spa/proto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, createPublisher, migrateDatabase, outboxInsert } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

// outboxInsert writes an event in the statement that makes its change (checkout's and the catalogue's
// hot paths): the row must be what publish() would have written, and a conditional write must leave
// nothing behind when its change did not happen.
let database: ReturnType<typeof connectDatabase>;
beforeAll(async () => {
  database = connectDatabase((await createTestDatabase('kit_outbox_insert')).url);
  await migrateDatabase(database.db);
  await database.db.execute(sql`create table things (id text primary key, state text not null)`);
  await database.db.execute(sql`insert into things values ('a', 'open'), ('b', 'closed')`);
});
afterAll(async () => database?.close());

const publish = createPublisher('kit-test');
const probe = (probeId: string) =>
  publish.row(events.probeRecorded, probeId, { probeId, sequence: 1n, note: 'x', writtenAtMs: 1n });

async function outboxRows() {
  const { rows } = await database.pool.query(
    'select id, topic, key, event_type, payload, headers from outbox order by seq',
  );
  return rows as {
    id: string;
    topic: string;
    key: string;
    event_type: string;
    payload: Buffer;
    headers: object;
  }[];
}

describe('outboxInsert', () => {
  it('writes the rows publish() would, and only when the change it goes with happened', async () => {
    const closeOpen = (id: string, event: ReturnType<typeof probe>) =>
      database.db.execute(
        sql`with closed as (update things set state = 'closed' where id = ${id} and state = 'open' returning id), announced as (${outboxInsert([event], sql`select 1 from closed`)}) select count(*)::int as closed from closed`,
      );
    const first = probe('a');
    expect((await closeOpen('a', first)).rows[0]).toEqual({ closed: 1 });
    // 'b' is closed already: no change, so no event.
    expect((await closeOpen('b', probe('b'))).rows[0]).toEqual({ closed: 0 });
    // Nor a second time for 'a'.
    expect((await closeOpen('a', probe('a'))).rows[0]).toEqual({ closed: 0 });

    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.id,
      topic: events.probeRecorded.topic,
      key: 'a',
      event_type: events.probeRecorded.type,
      headers: first.headers,
    });
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, rows[0]!.payload);
    expect(envelope).toMatchObject({ id: first.id, aggregateId: 'a', producer: 'kit-test' });
  });

  it('writes several rows in one statement, unconditionally without a condition', async () => {
    const before = (await outboxRows()).length;
    const batch = [probe('c'), probe('d')];
    await database.db.execute(outboxInsert(batch));
    const rows = await outboxRows();
    expect(rows.slice(before).map((row) => [row.id, row.key])).toEqual(batch.map((row) => [row.id, row.key]));
  });
});
