import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { setFromExcluded } from './upsert.js';

const visits = pgTable('visits', {
  id: uuid('id').primaryKey(),
  guestName: text('guest_name').notNull(),
  roomNo: text('room_no'),
  revision: integer('revision').notNull(),
  providerId: text('provider_id'),
});

// Only builds SQL text: no connection is made.
const db = drizzle.mock();

describe('setFromExcluded', () => {
  it('sets every column from the inserted row, but those kept and those merged another way', () => {
    const query = db
      .insert(visits)
      .values({ id: '00000000-0000-0000-0000-000000000001', guestName: 'Asha', revision: 2 })
      .onConflictDoUpdate({
        target: visits.id,
        set: setFromExcluded(visits, {
          keep: ['id'],
          merge: { providerId: sql`coalesce(excluded.provider_id, ${visits.providerId})` },
        }),
        setWhere: sql`${visits.revision} < excluded.revision`,
      })
      .toSQL();
    expect(query.sql).toContain(
      'do update set "guest_name" = excluded."guest_name", "room_no" = excluded."room_no", "revision" = excluded."revision", "provider_id" = coalesce(excluded.provider_id, "visits"."provider_id")',
    );
    expect(query.sql).not.toContain('"id" = excluded');
  });
});
