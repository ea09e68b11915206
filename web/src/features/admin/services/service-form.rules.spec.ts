import { describe, expect, it } from 'vitest';
import type { Service } from '../../catalogue/types';
import {
  cleanDepositPolicy,
  durationLabel,
  GST_RATE_OPTIONS,
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

describe('deposit policy', () => {
  it('sends no deposit by default', () => {
    expect(validateServiceDraft(valid()).input?.depositPolicy).toEqual({
      kind: 'none',
      value: 0,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 0,
    });
  });

  it('sends a percent as a whole percent and a fixed amount in rupees, as the API takes them', () => {
    const percent = {
      ...valid(),
      depositKind: 'percent' as const,
      depositValue: '50',
      lateCancellationHours: '24',
      lateCancellationFeePercent: '100',
    };
    expect(validateServiceDraft(percent).input?.depositPolicy).toEqual({
      kind: 'percent',
      value: 50,
      lateCancellationHours: 24,
      lateCancellationFeePercent: 100,
    });
    const fixed = {
      ...percent,
      depositKind: 'fixed' as const,
      depositValue: '499.50',
      lateCancellationHours: '',
    };
    expect(validateServiceDraft(fixed).input?.depositPolicy).toEqual({
      kind: 'fixed',
      value: 499.5,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 100,
    });
  });

  it('ignores a value typed before choosing no deposit', () => {
    expect(cleanDepositPolicy({ ...valid(), depositKind: 'none', depositValue: '30' }).policy?.value).toBe(0);
  });

  it.each([
    ['percent', '0', '0', '0', { 'depositPolicy.value': 'A deposit share is a whole percent from 1 to 100' }],
    [
      'percent',
      '12.5',
      '0',
      '0',
      { 'depositPolicy.value': 'A deposit share is a whole percent from 1 to 100' },
    ],
    ['percent', '', '0', '0', { 'depositPolicy.value': 'A deposit share is a whole percent from 1 to 100' }],
    ['fixed', '0.5', '0', '0', { 'depositPolicy.value': 'A fixed deposit is at least ₹1' }],
    [
      'fixed',
      '10.005',
      '0',
      '0',
      { 'depositPolicy.value': 'A fixed deposit can have at most 2 decimal places' },
    ],
    ['fixed', '-5', '0', '0', { 'depositPolicy.value': 'A fixed deposit cannot be negative' }],
    [
      'none',
      '',
      '200',
      '101',
      {
        'depositPolicy.lateCancellationHours':
          'The late-cancellation window is a whole number of hours up to 168',
        'depositPolicy.lateCancellationFeePercent':
          'The late-cancellation fee is a whole percent of the deposit from 0 to 100',
      },
    ],
  ] as const)(
    'refuses %s %s (late window %s h, fee %s%%) with the server messages',
    (depositKind, depositValue, lateCancellationHours, lateCancellationFeePercent, expected) => {
      const { errors, input } = validateServiceDraft({
        ...valid(),
        depositKind,
        depositValue,
        lateCancellationHours,
        lateCancellationFeePercent,
      });
      expect(input).toBeUndefined();
      expect(errors).toEqual(expected);
    },
  );
});

describe('tax fields', () => {
  it('starts a new treatment at SAC 999723 and 5%, and sends them as the API takes them', () => {
    expect(serviceDraft()).toMatchObject({ sacCode: '999723', gstBp: '500' });
    expect(validateServiceDraft(valid()).input).toMatchObject({ sacCode: '999723', gstBp: 500 });
  });

  it('sends a trimmed SAC code and the chosen rate in basis points', () => {
    const { input } = validateServiceDraft({ ...valid(), sacCode: ' 999722 ', gstBp: '500' });
    expect(input).toMatchObject({ sacCode: '999722', gstBp: 500 });
  });

  it('refuses a SAC code that is not 6 digits starting with 99, with the server’s message', () => {
    for (const sacCode of ['', '99972', '989723', '99972x']) {
      const { errors, input } = validateServiceDraft({ ...valid(), sacCode });
      expect(input, sacCode).toBeUndefined();
      expect(errors.sacCode, sacCode).toBe('SAC code must be 6 digits starting with 99, e.g. 999723');
    }
  });

  it('refuses a rate that is not one of GST’s', () => {
    const { errors, input } = validateServiceDraft({ ...valid(), gstBp: '1850' });
    expect(input).toBeUndefined();
    expect(errors.gstBp).toBe('GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%');
  });

  it('offers the rates as percentages, their values in basis points', () => {
    expect(GST_RATE_OPTIONS).toEqual([
      { value: '0', label: '0%' },
      { value: '500', label: '5%' },
      { value: '1200', label: '12%' },
      { value: '1800', label: '18%' },
      { value: '2800', label: '28%' },
      { value: '4000', label: '40%' },
    ]);
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
      // An answer without a policy reads as no deposit.
      depositKind: 'none',
      depositValue: '',
      lateCancellationHours: '0',
      lateCancellationFeePercent: '0',
      // An answer without tax fields reads as the defaults.
      sacCode: '999723',
      gstBp: '500',
    });
    expect(serviceDraft({ ...service, sacCode: '999722', gstBp: 500 })).toMatchObject({
      sacCode: '999722',
      gstBp: '500',
    });
    expect(
      serviceDraft({
        ...service,
        depositPolicy: {
          kind: 'fixed',
          value: 750.5,
          lateCancellationHours: 24,
          lateCancellationFeePercent: 50,
        },
      }),
    ).toMatchObject({
      depositKind: 'fixed',
      depositValue: '750.5',
      lateCancellationHours: '24',
      lateCancellationFeePercent: '50',
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
