import { describe, expect, it } from 'vitest';
import { bookingHref, bookingTarget } from './links';

describe('booking links', () => {
  it('carries the service and, when chosen, the pricing option', () => {
    expect(bookingHref({ serviceId: 'svc-1' })).toBe('/appointment?service=svc-1');
    expect(bookingHref({ serviceId: 'svc-1', pricingId: 'opt 2' })).toBe(
      '/appointment?service=svc-1&option=opt+2',
    );
  });

  it('repeats the choice in navigation state', () => {
    expect(bookingTarget({ serviceId: 'a', pricingId: 'b' })).toEqual({
      to: '/appointment?service=a&option=b',
      state: { preselect: { serviceId: 'a', pricingId: 'b' } },
    });
  });
});
