import { describe, expect, it } from 'vitest';
import type { Service } from '../../catalogue/types';
import {
  durationLabel,
  newPricingRow,
  serviceDraft,
  validateServiceDraft,
  withMinutes,
  type ServiceDraft,
} from './service-form.rules';

const valid = (): ServiceDraft => ({
  ...serviceDraft(),
  name: '  Abhyanga  ',
  category: 'cat-1',
  pricing: [{ ...newPricingRow(), durationMinutes: '60', duration: '60 min', price: '2499.5', label: '' }],
});

describe('validateServiceDraft', () => {
  it('requires a name and a category with the spec messages', () => {
    const { errors, input } = validateServiceDraft({ ...valid(), name: ' ', category: '' });
    expect(input).toBeUndefined();
    expect(errors).toMatchObject({ name: 'Service name is required', category: 'Category is required' });
  });

  it('drops empty pricing rows but keeps at least one option', () => {
    const draft = valid();
    draft.pricing.push(newPricingRow());
    expect(validateServiceDraft(draft).input?.pricing).toEqual([
      { durationMinutes: 60, duration: '60 min', price: 2499.5 },
    ]);
    expect(validateServiceDraft({ ...draft, pricing: [newPricingRow()] }).errors.pricing).toBe(
      'At least one pricing option is required',
    );
  });

  it('refuses a row with minutes, label or price missing; the label text is optional', () => {
    const draft = valid();
    draft.pricing = [{ ...newPricingRow(), durationMinutes: '90', label: 'Signature' }];
    expect(validateServiceDraft(draft).errors.pricing).toBe(
      'Each pricing option needs minutes, a duration label and a price',
    );
    draft.pricing = [
      { ...newPricingRow(), durationMinutes: '90', duration: '90 min', price: '3000', label: ' Signature ' },
    ];
    expect(validateServiceDraft(draft).input?.pricing[0]).toEqual({
      durationMinutes: 90,
      duration: '90 min',
      price: 3000,
      label: 'Signature',
    });
  });

  it('keeps the id of an existing option so bookings that point at it stay valid', () => {
    const draft = valid();
    draft.pricing[0]!._id = 'opt-1';
    expect(validateServiceDraft(draft).input?.pricing[0]?._id).toBe('opt-1');
  });

  it('drops blank benefit lines and empty tags, trimming both', () => {
    const { input } = validateServiceDraft({
      ...valid(),
      benefits: 'Relieves stress\n\n  Improves sleep  \r\n',
      tags: ' relax, ,ayurveda ,',
    });
    expect(input?.name).toBe('Abhyanga');
    expect(input?.benefits).toEqual(['Relieves stress', 'Improves sleep']);
    expect(input?.tags).toEqual(['relax', 'ayurveda']);
  });
});

describe('serviceDraft', () => {
  it('fills the form from a service, category as its id', () => {
    const service: Service = {
      _id: 's1',
      name: 'Shirodhara',
      category: { _id: 'c1', name: 'Ayurveda' },
      description: 'Warm oil',
      benefits: ['Calm', 'Sleep'],
      pricing: [{ _id: 'p1', duration: '45 min', durationMinutes: 45, price: 1800, label: null }],
      tags: ['oil', 'calm'],
      isActive: false,
      images: ['/uploads/a.webp'],
    };
    expect(serviceDraft(service)).toMatchObject({
      category: 'c1',
      benefits: 'Calm\nSleep',
      tags: 'oil, calm',
      isActive: false,
      pricing: [{ _id: 'p1', durationMinutes: '45', duration: '45 min', price: '1800', label: '' }],
    });
  });
});

describe('durationLabel', () => {
  it('suggests a label for whole positive minutes only', () => {
    expect(durationLabel('60')).toBe('60 min');
    expect(durationLabel('0')).toBe('');
    expect(durationLabel('abc')).toBe('');
  });
});

describe('withMinutes', () => {
  it('keeps the label in step with the minutes until it is typed by hand', () => {
    const row = newPricingRow();
    expect(withMinutes(row, '6')).toEqual({ durationMinutes: '6', duration: '6 min' });
    expect(withMinutes({ ...row, durationMinutes: '6', duration: '6 min' }, '60')).toEqual({
      durationMinutes: '60',
      duration: '60 min',
    });
    expect(withMinutes({ ...row, durationMinutes: '60', duration: 'One hour' }, '90')).toEqual({
      durationMinutes: '90',
    });
  });
});
