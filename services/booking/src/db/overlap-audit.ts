import type { DatabaseHandle } from '@spa/kit';

/**
 * Every pair of active appointments that share a room over overlapping times (cleanup included) or
 * an employee over overlapping treatments, over the whole table. The exclusion constraints make this
 * empty; the concurrency test and the booking benchmark check it after their storms.
 */
const OVERLAPPING_PAIRS_SQL = `
  select a.id as first, b.id as second,
         case when a.room_id = b.room_id then 'room' else 'employee' end as shared
  from appointments a
  join appointments b on a.id < b.id
  where a.status <> 'Cancelled' and b.status <> 'Cancelled'
    and (
      (a.room_id = b.room_id
        and tstzrange(a.starts_at, a.room_free_at, '[)') && tstzrange(b.starts_at, b.room_free_at, '[)'))
      or (a.employee_id = b.employee_id
        and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)'))
    )`;

export async function overlappingPairs(
  pool: DatabaseHandle['pool'],
): Promise<Array<{ first: string; second: string; shared: 'room' | 'employee' }>> {
  const { rows } = await pool.query<{ first: string; second: string; shared: 'room' | 'employee' }>(
    OVERLAPPING_PAIRS_SQL,
  );
  return rows;
}
