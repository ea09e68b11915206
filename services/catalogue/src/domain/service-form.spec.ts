import { describe, expect, it } from 'vitest';
import { cleanBenefits, cleanPricing, cleanServiceForm, cleanTags } from './service-form.js';

const row = { duration: '60 min', durationMinutes: 60, price: 2499 };

describe('service form', () => {
  it('drops empty pricing rows and keeps the rest in order, in paise', () => {
    const rows = cleanPricing([
      row,
      { duration: '', durationMinutes: null, price: null, label: '' },
      { duration: ' 90 min ', durationMinutes: 90, price: 3299.5, label: ' Signature ' },
    ]);
    expect(rows).toEqual([
      { id: undefined, duration: '60 min', durationMinutes: 60, pricePaise: 249900, label: null },
      { id: undefined, duration: '90 min', durationMinutes: 90, pricePaise: 329950, label: 'Signature' },
    ]);
  });

  it('needs at least one pricing row', () => {
    expect(() => cleanPricing([])).toThrow('At least one pricing option is required');
    expect(() => cleanPricing([{ duration: ' ' }])).toThrow('At least one pricing option is required');
  });

  it('refuses a half-filled pricing row', () => {
    expect(() => cleanPricing([{ duration: '60 min', price: 100 }])).toThrow(
      'Each pricing option needs a duration, its minutes and a price',
    );
    expect(() => cleanPricing([{ durationMinutes: 30, price: 100 }])).toThrow('needs a duration');
    expect(() => cleanPricing([{ ...row, price: -5 }])).toThrow('Price cannot be negative');
  });

  it('keeps a pricing id the client sends back', () => {
    expect(cleanPricing([{ ...row, _id: 'abc' }])[0]!.id).toBe('abc');
  });

  it('drops blank benefit lines, from a list or from text', () => {
    expect(cleanBenefits(['Relieves tension', '  ', ' Improves sleep '])).toEqual([
      'Relieves tension',
      'Improves sleep',
    ]);
    expect(cleanBenefits('Relieves tension\n\n Improves sleep\r\n')).toEqual([
      'Relieves tension',
      'Improves sleep',
    ]);
  });

  it('trims tags, drops empties and repeats, and a leading #', () => {
    expect(cleanTags(' relaxing, ,#deep tissue,Relaxing ')).toEqual(['relaxing', 'deep tissue']);
    expect(cleanTags(['aroma', '', ' oil '])).toEqual(['aroma', 'oil']);
  });

  it('answers the spec messages for a missing name or category', () => {
    expect(() => cleanServiceForm({ name: '  ', category: 'x', pricing: [row] })).toThrow(
      'Service name is required',
    );
    expect(() => cleanServiceForm({ name: 'Swedish Massage', pricing: [row] })).toThrow(
      'Category is required',
    );
  });

  it('refuses images from other hosts', () => {
    expect(() =>
      cleanServiceForm({ name: 'A', category: 'c', pricing: [row], images: ['https://evil.example/x.png'] }),
    ).toThrow('Images must be uploaded');
    expect(
      cleanServiceForm({ name: 'A', category: 'c', pricing: [row], images: ['/uploads/abc.webp'] }).images,
    ).toEqual(['/uploads/abc.webp']);
  });

  it('defaults active, cleanup buffer and empty lists', () => {
    const fields = cleanServiceForm({ name: 'A', category: 'c', pricing: [row] });
    expect(fields).toMatchObject({ isActive: true, cleanupMinutes: 15, benefits: [], tags: [], images: [] });
  });
});
