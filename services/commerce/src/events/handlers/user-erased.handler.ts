import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { CommerceContext } from '../../use-cases/context.js';
import { eraseCustomer } from '../../use-cases/my-data.js';

/**
 * identity.user.erased: the customer deleted their account. Their open orders are cancelled (a paid
 * one refunded), their cart and addresses deleted and every kept order loses their contact details
 * (use-cases/my-data.ts), in the consumer's transaction. Running it twice changes nothing more (and
 * the consumer's inbox runs it once).
 */
export const userErased =
  (deps: Pick<CommerceContext, 'catalogue' | 'publish'>): EventHandler<typeof events.userErased> =>
  (tx, payload) =>
    eraseCustomer(deps, tx, payload.userId);
