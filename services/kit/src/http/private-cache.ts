import type { FastifyReply } from 'fastify';

/**
 * The header by which a service lets the gateway keep a signed-in read for the same caller:
 * `max-age=N`, N seconds (at most 5). The gateway keeps the answer under the caller's user id
 * and the URL, gives it only to a request whose token it verified (and checked against revocation)
 * as that same user, forgets all of a user's answers when that user writes anything, and removes
 * the header before the answer leaves it. Browsers never see it, nor keep the answer.
 */
export const PRIVATE_CACHE_HEADER = 'x-spa-private-cache';

/**
 * Marks a signed-in read the gateway may keep for its caller for `seconds` (1 by default): only reads
 * whose answer depends on nothing but the caller and the URL, and whose staleness after someone
 * else's change (an admin, an event) is harmless for that long.
 */
export function keepForCaller(reply: FastifyReply, seconds = 1): FastifyReply {
  return reply.header(PRIVATE_CACHE_HEADER, `max-age=${seconds}`);
}
