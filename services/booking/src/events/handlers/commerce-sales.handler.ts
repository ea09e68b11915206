import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { BookingContext } from '../../use-cases/context.js';
import { recordBalancePaid, recordCheckout } from '../../use-cases/visit-checkout.js';

/**
 * commerce.sale.completed: the visits on the sale are checked out (use-cases/visit-checkout.ts). A
 * walk-in sale names no appointment and changes nothing here.
 */
export const saleCompleted =
  (context: BookingContext): EventHandler<typeof events.saleCompleted> =>
  async (tx, payload) => {
    const sale = payload.sale;
    if (!sale || sale.appointmentIds.length === 0) return;
    await recordCheckout(
      context,
      {
        saleId: sale.saleId,
        appointmentIds: sale.appointmentIds,
        balancePaise: Number(sale.balancePaise),
        cashierId: sale.cashierId,
        cashierName: sale.cashierName,
      },
      tx,
    );
  };

/** commerce.sale.balance_paid: what a checked-out visit's sale owed was paid later (visit-checkout.ts). */
export const saleBalancePaid =
  (context: BookingContext): EventHandler<typeof events.saleBalancePaid> =>
  async (tx, payload) => {
    const sale = payload.sale;
    if (!sale || sale.appointmentIds.length === 0) return;
    await recordBalancePaid(
      context,
      {
        saleId: sale.saleId,
        appointmentIds: sale.appointmentIds,
        balancePaise: Number(sale.balancePaise),
        cashierId: sale.cashierId,
        cashierName: sale.cashierName,
      },
      tx,
    );
  };
