import type { FastifyInstance } from 'fastify';
import { recordPayment, type CapturedPayment } from '../use-cases/appointment-commands.js';
import { nowOf, type BookingContext } from '../use-cases/context.js';
import {
  appointmentIdParamsSchema,
  appointmentSchema,
  errorResponses,
  internalPaymentBodySchema,
} from './appointments.schemas.js';
import { presentAppointment } from './presenters.js';

/**
 * Service-to-service routes, not routed by the gateway (internal network only). Commerce calls this
 * when it has verified an appointment's payment; the same fact also arrives as its payment.captured
 * event, and either way the appointment becomes Paid once.
 */
/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const internalCallers = {
  '/internal/appointments/:appointmentId/payment': ['commerce'],
} as const;

export async function internalRoutes(app: FastifyInstance, context: BookingContext): Promise<void> {
  app.post<{ Params: { appointmentId: string }; Body: CapturedPayment & { status: 'Paid' } }>(
    '/internal/appointments/:appointmentId/payment',
    {
      schema: {
        params: appointmentIdParamsSchema,
        body: internalPaymentBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { providerOrderId, providerPaymentId } = request.body;
      const view = await recordPayment(context, request.params.appointmentId, {
        providerOrderId,
        providerPaymentId,
      });
      // Commerce hands this to the customer's verify-payment answer, so it is shown as they would see it.
      const customer = {
        id: view.customerId,
        role: 'user' as const,
        name: '',
        email: '',
        tokenId: '',
        expiresAt: 0,
      };
      return presentAppointment(view, { viewer: customer, now: nowOf(context), rules: context.config.rules });
    },
  );
}
