import { describe, expect, it } from 'vitest';
import { formatCount, formatGrowth, growthTone, statCards } from './admin-stats';

describe('admin dashboard figures', () => {
  it('shows revenue in rupees, never dollars', () => {
    const cards = statCards({
      totalUsers: 1234,
      totalOrders: 56,
      totalProducts: 78,
      revenue: 123456.5,
      growthRate: 12.345,
    });
    expect(cards.map((card) => [card.label, card.value])).toEqual([
      ['Total Users', '1,234'],
      ['Total Orders', '56'],
      ['Total Products', '78'],
      ['Revenue', '₹1,23,456.50'],
      ['Growth Rate', '+12.3%'],
    ]);
    expect(cards.some((card) => card.value.includes('$'))).toBe(false);
  });

  it('shows a dash for a figure whose service did not answer', () => {
    const cards = statCards({
      totalUsers: null,
      totalOrders: null,
      totalProducts: 3,
      revenue: null,
      growthRate: null,
      unavailable: ['identity', 'commerce'],
    });
    expect(cards.map((card) => card.value)).toEqual(['—', '—', '3', '—', '—']);
    expect(statCards(undefined).every((card) => card.value === '—')).toBe(true);
  });

  it('signs the growth rate and tells its direction', () => {
    expect(formatGrowth(-4)).toBe('−4.0%');
    expect(formatGrowth(0.04)).toBe('0.0%');
    expect(formatGrowth(100)).toBe('+100.0%');
    expect([growthTone(5), growthTone(-0.2), growthTone(0.01), growthTone(null)]).toEqual([
      'up',
      'down',
      'flat',
      'flat',
    ]);
  });

  it('groups counts the Indian way', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatCount(undefined)).toBe('—');
  });
});
