import { pageWindow, type PageRequest, type Queryable } from '@spa/kit';
import { and, asc, count, eq, ilike, lt, ne, sql, type SQL } from 'drizzle-orm';
import { formatEmployeeId } from '../domain/employee-id.js';
import type { EmployeeStatus, Shift } from '../domain/user.js';
import { employeeNumberSequence, userErasures, users, type UserRow } from './schema.js';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export interface UserFilters {
  email?: string;
  shift?: Shift;
  workingLocation?: string;
  role?: UserRow['role'];
  employeeStatus?: EmployeeStatus;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the row for the rest of the transaction, for read-modify-write. */
export async function findUserByIdForUpdate(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The account with this (normalised) address. An empty address is nobody's: walk-in customers without
 * an email all store '', and sign-in, forgot-password, Google sign-in and registration must never reach
 * one of them through it. The `<> ''` condition is also the unique index's predicate, which is what
 * lets Postgres use that partial index for the lookup.
 */
export async function findUserByEmail(q: Queryable, normalizedEmail: string): Promise<UserRow | undefined> {
  if (!normalizedEmail) return undefined;
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizedEmail} and ${users.email} <> ''`);
  return row;
}

export async function findUserByGoogleSubject(q: Queryable, subject: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.googleSubject, subject));
  return row;
}

export async function insertUser(q: Queryable, values: NewUser): Promise<UserRow> {
  const [row] = await q.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(q: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const [row] = await q
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.delete(users).where(eq(users.id, id));
}

/**
 * One page of the directory, applicants first, and how many match in all: email and working location
 * match by case-insensitive substring, shift, role and employee status exactly.
 */
export async function listUsers(
  q: Queryable,
  filters: UserFilters,
  page: PageRequest,
): Promise<{ users: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.email) conditions.push(ilike(users.email, likePattern(filters.email.trim())));
  if (filters.workingLocation)
    conditions.push(ilike(users.workingLocation, likePattern(filters.workingLocation.trim())));
  if (filters.shift) conditions.push(eq(users.shift, filters.shift));
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.employeeStatus) conditions.push(eq(users.employeeStatus, filters.employeeStatus));
  const { limit, offset } = pageWindow(page);
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(users)
      .where(and(...conditions))
      .orderBy(
        // Applicants waiting for a decision come first, oldest application first.
        sql`case when ${users.employeeStatus} = 'applicant' then 0 else 1 end`,
        sql`case when ${users.employeeStatus} = 'applicant' then ${users.createdAt} end`,
        asc(users.name),
        asc(users.email),
        asc(users.id),
      )
      .limit(limit)
      .offset(offset),
    q
      .select({ total: count() })
      .from(users)
      .where(and(...conditions)),
  ]);
  return { users: rows, total: counted?.total ?? 0 };
}

export async function countUsers(q: Queryable): Promise<number> {
  const [row] = await q.select({ total: count() }).from(users);
  return row!.total;
}

/**
 * Counts admins while holding a transaction-scoped lock on "the set of admins", so two admins
 * demoting or deleting each other at the same moment cannot both pass the last-admin check.
 */
export async function countAdminsLocked(q: Queryable): Promise<number> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('identity.admins'))`);
  const [row] = await q.select({ total: count() }).from(users).where(eq(users.role, 'admin'));
  return row!.total;
}

export async function nextEmployeeId(q: Queryable): Promise<string> {
  const { rows } = await q.execute<{ value: number }>(
    sql`select nextval(${employeeNumberSequence.seqName}) as value`,
  );
  return formatEmployeeId(Number(rows[0]!.value));
}

export async function countUsersWithEmployeeRole(q: Queryable, roleName: string): Promise<number> {
  const [row] = await q
    .select({ total: count() })
    .from(users)
    .where(sql`lower(${users.employeeRole}) = lower(${roleName})`);
  return row!.total;
}

/** Follows a role's rename onto the employees who hold it; answers the users changed. */
export async function renameEmployeeRoleOnUsers(q: Queryable, from: string, to: string): Promise<UserRow[]> {
  return q
    .update(users)
    .set({ employeeRole: to, updatedAt: new Date() })
    .where(sql`lower(${users.employeeRole}) = lower(${from})`)
    .returning();
}

/**
 * Makes replicas that start together take turns at seeding the demo accounts: a transaction-scoped
 * advisory lock, held until the caller's transaction ends.
 */
export async function lockDemoAccountSeeding(q: Queryable): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('identity.demo-seed'))`);
}

/** Records that an account was erased, and why (a second record of the same account is ignored). */
export async function recordUserErasure(
  q: Queryable,
  userId: string,
  reason: 'self' | 'admin' | 'retention',
): Promise<void> {
  await q.insert(userErasures).values({ userId, reason }).onConflictDoNothing();
}

/** Any number, fixed: the advisory lock that keeps two replicas from sweeping at the same time. */
const UNVERIFIED_SWEEP_LOCK_KEY = 7_311_004;

/**
 * Tries the unverified-account sweep's transaction-scoped advisory lock without waiting: true when
 * this transaction holds it, false when another replica does.
 */
export async function tryLockUnverifiedAccountSweep(q: Queryable): Promise<boolean> {
  const { rows } = await q.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${UNVERIFIED_SWEEP_LOCK_KEY}) as locked`,
  );
  return Boolean(rows[0]?.locked);
}

/**
 * Locks (skipping rows another transaction holds) up to `limit` accounts created before `cutoff`
 * whose email is still unverified, oldest first. Admins and the desk's walk-in customers are left out.
 */
export async function lockUnverifiedAccountsCreatedBefore(
  q: Queryable,
  cutoff: Date,
  limit: number,
): Promise<UserRow[]> {
  return q
    .select()
    .from(users)
    .where(
      and(
        eq(users.isEmailVerified, false),
        lt(users.createdAt, cutoff),
        ne(users.role, 'admin'),
        // The desk's walk-in customers cannot verify an email by themselves (many have none); they
        // are real customers with bookings, not abandoned sign-ups.
        eq(users.walkIn, false),
      ),
    )
    .orderBy(asc(users.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
