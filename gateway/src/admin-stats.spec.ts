import { describe, expect, it } from 'vitest';
import { composeAdminStats } from './admin-stats.js';

describe('admin stats', () => {
  it('puts each service figures together', () => {
    expect(
      composeAdminStats([
        { service: 'identity', part: { totalUsers: 42, totalEmployees: 5 } },
        { service: 'catalogue', part: { totalProducts: 17 } },
        { service: 'commerce', part: { totalOrders: 9, revenue: 12_345.5, growthRate: -12.5 } },
      ]),
    ).toEqual({
      totalUsers: 42,
      totalOrders: 9,
      totalProducts: 17,
      revenue: 12_345.5,
      growthRate: -12.5,
      unavailable: [],
    });
  });

  it('leaves the figures of a service that did not answer empty and names it', () => {
    expect(
      composeAdminStats([
        { service: 'identity', part: { totalUsers: 42 } },
        { service: 'catalogue', part: { totalProducts: 17 } },
        { service: 'commerce' },
      ]),
    ).toEqual({
      totalUsers: 42,
      totalOrders: null,
      totalProducts: 17,
      revenue: null,
      growthRate: null,
      unavailable: ['commerce'],
    });
  });

  it('never passes on a figure that is not a number', () => {
    const stats = composeAdminStats([{ service: 'identity', part: { totalUsers: '42' } }]);
    expect(stats.totalUsers).toBeNull();
  });
});
