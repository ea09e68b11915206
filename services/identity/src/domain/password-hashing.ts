import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value here); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane). Measured on the 2-core dev machine:
 * about 20 ms of CPU per verification, so a sign-in stays far under the 100 ms budget while an
 * offline guess still costs 19 MiB of memory. Each hash carries its own random 16-byte salt.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A stored value that is not a valid PHC string can never match.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification for an email with no password, so the answer time
 * does not tell whether an account exists.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that never matches 0');
  await verifyPassword(await decoyHash, password);
  return false;
}
