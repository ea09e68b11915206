import {
  claimSaleForSweep,
  keyHeldByLine,
  keysToSweep,
  markLineOfKeyReleased,
  reservationState,
  setReservationKeys,
} from '../db/sale-reservations.repository.js';
import type { CommerceContext } from './context.js';

const BATCH = 50;

export interface SaleReservationSweep {
  /** Keys put back at the catalogue. */
  released: number;
  /** Keys left for the next pass (the catalogue did not answer). */
  deferred: number;
}

/**
 * Stock the counter asked for and no sale line holds: an edit that failed after the catalogue took
 * the stock (its answer lost, the transaction refused, the process gone) and whose own release failed
 * too, a removed line or a voided sale whose release did not get through. Keys still `asked` wait out
 * the abandoned-checkout grace first, as an edit may still be talking to the catalogue; the release
 * also bars a late reservation of the key, so one still in flight cannot land afterwards.
 */
export async function sweepSaleReservations(
  deps: CommerceContext,
  now = new Date(),
): Promise<SaleReservationSweep> {
  const result: SaleReservationSweep = { released: 0, deferred: 0 };
  const askedBefore = new Date(now.getTime() - deps.config.abandonedCheckoutMs);
  for (const { key, saleId } of await keysToSweep(deps.db, askedBefore, BATCH)) {
    try {
      if (await releaseKey(deps, key, saleId)) result.released++;
    } catch (error) {
      result.deferred++;
      deps.logger.warn(
        { err: error, reservationKey: key, saleId },
        'could not release a sale line’s stock yet',
      );
    }
  }
  return result;
}

/**
 * Under the sale's lock (skipped while an edit holds it): a key a standing line holds is only marked
 * held, never released.
 */
async function releaseKey(deps: CommerceContext, key: string, saleId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimSaleForSweep(tx, saleId))) return false;
    const state = await reservationState(tx, key);
    if (state !== 'asked' && state !== 'releasing') return false;
    if (await keyHeldByLine(tx, key)) {
      await setReservationKeys(tx, saleId, [key], 'held');
      return false;
    }
    await deps.catalogue.release(key);
    await markLineOfKeyReleased(tx, key);
    await setReservationKeys(tx, saleId, [key], 'released');
    deps.logger.info({ reservationKey: key, saleId }, 'a sale line’s stranded stock reservation released');
    return true;
  });
}
