import { describe, expect, it } from 'vitest';
import { activeCategoriesInOrder, publicServices, startingPrice } from './service-lists';
import type { Service, ServiceCategory } from './types';

const service = (overrides: Partial<Service>): Service => ({
  _id: 's',
  name: 'Massage',
  category: { _id: 'c1', name: 'Massages' },
  benefits: [],
  pricing: [],
  tags: [],
  isActive: true,
  images: [],
  ...overrides,
});

const category = (overrides: Partial<ServiceCategory>): ServiceCategory => ({
  _id: 'c',
  name: 'Category',
  order: 0,
  isActive: true,
  assignedEmployeeRole: 'servicestaff',
  ...overrides,
});

describe('publicServices', () => {
  it('keeps active services with a category, populated or as an id', () => {
    const kept = publicServices([
      service({ _id: 'a' }),
      service({ _id: 'b', category: 'c2' }),
      service({ _id: 'c', category: null }),
      service({ _id: 'd', isActive: false }),
    ]);
    expect(kept.map((item) => item._id)).toEqual(['a', 'b']);
  });

  it('keeps only services of active categories when those are known', () => {
    const services = [service({ _id: 'a' }), service({ _id: 'b', category: 'c2' })];
    expect(publicServices(services, [category({ _id: 'c2' })]).map((item) => item._id)).toEqual(['b']);
  });
});

describe('activeCategoriesInOrder', () => {
  it('drops inactive categories and sorts by order, then name', () => {
    const sorted = activeCategoriesInOrder([
      category({ _id: '3', name: 'Scrubs', order: 2 }),
      category({ _id: '1', name: 'Facials', order: 1 }),
      category({ _id: '2', name: 'Ayurveda', order: 1 }),
      category({ _id: '4', name: 'Hidden', order: 0, isActive: false }),
    ]);
    expect(sorted.map((item) => item.name)).toEqual(['Ayurveda', 'Facials', 'Scrubs']);
  });
});

describe('startingPrice', () => {
  it('is the cheapest option, or undefined without options', () => {
    const pricing = [
      { duration: '90 min', durationMinutes: 90, price: 2500 },
      { duration: '60 min', durationMinutes: 60, price: 1800 },
    ];
    expect(startingPrice({ pricing })).toBe(1800);
    expect(startingPrice({ pricing: [] })).toBeUndefined();
  });
});
