import { claimAnnouncement, everyServiceAndProductId } from '../db/announcements.repository.js';
import { publishProductStates, publishServiceStates } from '../events/catalogue-state.js';
import type { CatalogueContext } from './context.js';

/**
 * The tax codes migration (0006) filled the SAC and HSN codes of the treatments and products already
 * listed; booking and commerce learn them only from the events, so each is announced again once.
 */
export const TAX_CODES_ANNOUNCEMENT = 'tax-codes';

/**
 * Announces every service and product again under `name`, once for the database's lifetime: the
 * replica whose claim of the name succeeds does it in the same transaction; another starting at the
 * same time waits on the claim and then finds it taken. Answers whether this call announced.
 */
export async function announceAllOnce({ db, publish }: CatalogueContext, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimAnnouncement(tx, name))) return false;
    const { serviceIds, productIds } = await everyServiceAndProductId(tx);
    await publishServiceStates(tx, publish, serviceIds);
    await publishProductStates(tx, publish, productIds);
    return true;
  });
}
