import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { BillingContext } from '../../use-cases/context.js';
import { eraseContact } from '../../use-cases/my-data.js';

/**
 * identity.user.erased: the customer's phone and email leave every bill issued to them (the bills
 * themselves are kept: GST invoices), each such bill announced again without them
 * (use-cases/my-data.ts), in the consumer's transaction. Idempotent.
 */
export const userErased =
  (deps: Pick<BillingContext, 'publish' | 'now'>): EventHandler<typeof events.userErased> =>
  (tx, payload) =>
    eraseContact(deps, tx, payload);
