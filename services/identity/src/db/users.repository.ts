import { pageWindow, type PageRequest, type Queryable } from '@spa/kit';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { formatEmployeeId } from '../domain/employee-id.js';
import type { EmployeeStatus, Shift } from '../domain/user.js';
import { employeeNumberSequence, users, type UserRow } from './schema.js';

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
