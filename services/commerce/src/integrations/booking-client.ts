import { AppError, createInternalClient, InternalCallError, z, type ServiceAuth } from '@spa/kit';

const visitSchema = z.object({
  appointmentId: z.string(),
  status: z.string(),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  }),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  optionLabel: z.string().nullish(),
  /** The appointment's total price, tax-inclusive. */
  pricePaise: z.number().int().min(0),
  sacCode: z.string().nullish(),
  gstBp: z.number().int().min(0).max(10_000).nullish(),
  employeeId: z.string().nullish(),
  employeeName: z.string().nullish(),
  roomNumber: z.union([z.string(), z.number()]).nullish(),
  checkedOutSaleId: z.string().nullish(),
});

/** An appointment as the counter checks it out (booking's GET /internal/visits/:appointmentId). */
export type Visit = z.infer<typeof visitSchema>;

/** Booking's side of checkout: the visit a sale is prefilled from. */
export interface BookingClient {
  /** The visit, or a 404 APPOINTMENT_NOT_FOUND; 503 when booking cannot be asked. */
  visit(appointmentId: string): Promise<Visit>;
}

export function createBookingClient(settings: {
  baseUrl: string;
  timeoutMs: number;
  serviceAuth?: ServiceAuth;
}): BookingClient {
  const booking = createInternalClient({
    callee: 'booking',
    baseUrl: settings.baseUrl,
    auth: settings.serviceAuth,
    timeoutMs: settings.timeoutMs,
  });
  return {
    async visit(appointmentId) {
      try {
        return await booking.get(`/internal/visits/${encodeURIComponent(appointmentId)}`, visitSchema);
      } catch (error) {
        if (error instanceof InternalCallError && error.answer?.status === 404)
          throw new AppError(404, 'APPOINTMENT_NOT_FOUND', `Appointment ${appointmentId} not found`);
        throw new AppError(
          503,
          'BOOKING_UNAVAILABLE',
          'The appointment could not be looked up just now. Please try again.',
        );
      }
    },
  };
}
