import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { userErased } from './handlers/user-erased.handler.js';

/**
 * Bills are typed in by staff, not derived from other services' facts; billing consumes only
 * identity.user.erased, on which it removes an erased customer's phone and email from the invoices
 * the law requires it to keep (handlers/user-erased.handler.ts).
 */
export const subscriptions: Subscription[] = [on(events.userErased, userErased)];
