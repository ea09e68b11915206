import type { FastifyInstance } from 'fastify';
import { orderStats } from '../db/orders.repository.js';
import { orderRefundTotals } from '../db/refunds.repository.js';
import type { CommerceContext } from '../use-cases/context.js';
import { paiseToRupees } from '../domain/money.js';
import { growthRate, kolkataMonthBounds } from '../domain/stats.js';
import {
  createAppointmentPayment,
  type AppointmentPaymentRequest,
} from '../use-cases/appointment-payments.js';
import { presentAppointmentPayment } from './presenters.js';
import { appointmentPaymentBody } from './schemas.js';

/**
 * For other services only: the gateway routes nothing under /internal, so these are reachable inside
 * the deployment alone, and they stay out of the API docs.
 */
/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const internalCallers = {
  '/internal/payments': ['booking'],
  '/internal/stats': ['gateway'],
} as const;

export function internalRoutes(app: FastifyInstance, deps: CommerceContext): void {
  app.post('/internal/payments', { schema: { body: appointmentPaymentBody } }, async (request, reply) => {
    const { payment, created } = await createAppointmentPayment(
      deps,
      request.body as AppointmentPaymentRequest,
    );
    return reply
      .code(created ? 201 : 200)
      .send(presentAppointmentPayment(payment, deps.config.razorpay.keyId));
  });

  app.get('/internal/stats', async () => {
    const months = kolkataMonthBounds(new Date());
    const [stats, refunded] = await Promise.all([
      orderStats(deps.db, months),
      orderRefundTotals(deps.db, months),
    ]);
    // Net of refunds: what was refunded of paid orders comes off the revenue (in the month it went back).
    return {
      totalOrders: stats.totalOrders,
      revenue: paiseToRupees(stats.revenuePaise - refunded.totalPaise),
      growthRate: growthRate(
        stats.thisMonthPaise - refunded.thisMonthPaise,
        stats.lastMonthPaise - refunded.lastMonthPaise,
      ),
    };
  });
}
