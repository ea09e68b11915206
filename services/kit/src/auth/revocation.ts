import type { Redis } from '../redis.js';
import { revokedTokenKey } from './tokens.js';

/**
 * The Redis channel on which identity names the token ids it has just revoked (comma-separated), in
 * the same transaction that stores them under revokedTokenKey.
 */
export const REVOCATIONS_CHANNEL = 'auth:revocations';

/**
 * A revocation check: answers whether a token id was revoked. forget(ids) drops whatever this process
 * remembers of those ids, so its next answer about them comes from Redis (see rememberingRevocationCheck).
 */
export interface RevocationCheck {
  (tokenId: string): Promise<boolean>;
  forget?: (tokenIds: readonly string[]) => void;
}

export type RememberingRevocationCheck = RevocationCheck & { forget: (tokenIds: readonly string[]) => void };

/** Asks Redis on every request whether a token id was revoked (tests, and anything that wants no memory). */
export function revocationCheck(redis: Redis) {
  return async (tokenId: string) => (await redis.exists(revokedTokenKey(tokenId))) === 1;
}

export interface RememberingRevocationOptions {
  /** How long an answer "not revoked" is trusted without asking Redis again. */
  rememberMs?: number;
  /** The most token ids remembered at once (then the memory starts again). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The revocation check of the gateway and the services: an answer "not revoked" is remembered for a
 * second, so a signed-in customer's burst of requests asks Redis once, not once per request (an EXISTS
 * round trip per request, in system calls alone, is the largest cost on the gateway's signed-in path
 * once the signature check is remembered). A revocation still takes effect at once: identity publishes every revoked
 * id on REVOCATIONS_CHANNEL in the transaction that stores it, and this check forgets what it
 * remembered of that id as the message arrives. While the subscription is not live (starting, Redis
 * reconnecting) nothing is remembered and every request asks Redis, as revocationCheck does; an answer
 * that was on its way while a revocation came in is not remembered.
 *
 * The message reaches other processes a moment after the revoking call has answered (pub/sub is
 * delivered on another connection), so a client that signs out and at once sends its next request
 * could, for that moment, still be let through by a remembered answer. forget() closes that: the
 * process that revokes forgets the ids itself before it answers (identity's SessionRegistry), and
 * every app forgets a caller's token before it answers any write that caller made (the kit's
 * authentication and the gateway's), so sign-out, seen through the gateway, is refused at once.
 */
export function rememberingRevocationCheck(
  redis: Redis,
  options: RememberingRevocationOptions = {},
): RememberingRevocationCheck {
  const rememberMs = options.rememberMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const unrevokedUntil = new Map<string, number>();
  let live = false;
  // Moves on every revocation message: an answer read before it moved may predate the revocation.
  let epoch = 0;
  const subscriber = redis.duplicate({
    connectionName: `${redis.options.connectionName ?? 'spa'}-revocations`,
  });
  const forgetAll = () => {
    live = false;
    epoch++;
    unrevokedUntil.clear();
  };
  const subscribe = () => {
    subscriber.subscribe(REVOCATIONS_CHANNEL).then(
      () => {
        live = true;
      },
      () => forgetAll(),
    );
  };
  subscriber.on('message', (_channel: string, ids: string) => {
    epoch++;
    for (const id of ids.split(',')) unrevokedUntil.delete(id);
  });
  subscriber.on('close', forgetAll);
  subscriber.on('ready', subscribe);
  subscriber.on('error', () => undefined); // the main connection reports Redis's state
  // The subscriber lives as long as the connection it was made from.
  redis.once('end', () => subscriber.disconnect());

  const check = async (tokenId: string): Promise<boolean> => {
    const at = now();
    if (live && (unrevokedUntil.get(tokenId) ?? 0) > at) return false;
    const asked = epoch;
    const revoked = (await redis.exists(revokedTokenKey(tokenId))) === 1;
    if (!revoked && live && asked === epoch) {
      if (unrevokedUntil.size >= maxEntries) unrevokedUntil.clear();
      unrevokedUntil.set(tokenId, at + rememberMs);
    }
    return revoked;
  };
  return Object.assign(check, {
    forget: (tokenIds: readonly string[]) => {
      epoch++;
      for (const id of tokenIds) unrevokedUntil.delete(id);
    },
  });
}
