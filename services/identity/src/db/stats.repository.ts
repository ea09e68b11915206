import type { Queryable } from '@spa/kit';
import { sql } from 'drizzle-orm';
import { users } from './schema.js';

/** How many accounts there are of each role, in one scan. */
export async function countAccountsByRole(db: Queryable) {
  const [counts] = await db
    .select({
      totalUsers: sql<number>`count(*) filter (where ${users.role} = 'user')::int`,
      totalEmployees: sql<number>`count(*) filter (where ${users.role} = 'employee')::int`,
      totalAdmins: sql<number>`count(*) filter (where ${users.role} = 'admin')::int`,
    })
    .from(users);
  return counts!;
}
