import type { Subscription } from '@spa/kit';

/** Billing consumes no events: bills are typed in by staff, not derived from other services' facts. */
export const subscriptions: Subscription[] = [];
