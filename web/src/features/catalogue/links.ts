import { paths } from '../../app/paths';

/** What the booking screen may read to preselect a treatment (also carried in the query string). */
export interface BookingPreselection {
  serviceId: string;
  pricingId?: string;
}

/** /appointment?service=<id>&option=<pricing id>: shareable, and survives a reload. */
export function bookingHref({ serviceId, pricingId }: BookingPreselection): string {
  const query = new URLSearchParams({ service: serviceId });
  if (pricingId) query.set('option', pricingId);
  return `${paths.appointment}?${query.toString()}`;
}

/** The link plus navigation state, for navigate() and <Link state>. */
export function bookingTarget(preselection: BookingPreselection) {
  return { to: bookingHref(preselection), state: { preselect: preselection } };
}
