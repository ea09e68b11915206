import type { Queryable } from '@spa/kit';
import { desc, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import { signingKeys } from './schema.js';

/**
 * Makes replicas that start together take turns at finding or creating the signing key: a
 * transaction-scoped advisory lock, held until the caller's transaction ends.
 */
export async function lockSigningKeyCreation(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity.signing-key'))`);
}

/** The private JWK of the most recently stored signing key, if any. */
export async function findNewestSigningJwk(db: Queryable): Promise<JWK | undefined> {
  const [stored] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
  return stored?.privateJwk;
}

/** Stores a generated signing key (its private JWK, under its kid). */
export async function insertSigningKey(tx: Queryable, privateJwk: JWK & { kid: string }): Promise<void> {
  await tx.insert(signingKeys).values({ kid: privateJwk.kid, privateJwk });
}
