import { describe, expect, it } from 'vitest';
import type { AppError } from '@spa/kit';
import {
  cleanBenefits,
  cleanDepositPolicy,
  cleanPricing,
  cleanServiceForm,
  cleanTags,
  depositPolicyOutput,
  type DepositPolicyInput,
} from './service-form.js';

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
    expect(fields.depositPolicy).toEqual({
      kind: 'none',
      value: 0,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 0,
    });
  });
});

function refusal(input: DepositPolicyInput): { status: number; message: string; fields: string[] } {
  try {
    cleanDepositPolicy(input);
  } catch (error) {
    const { statusCode, message, details } = error as AppError;
    return { status: statusCode, message, fields: (details as Array<{ field: string }>).map((d) => d.field) };
  }
  throw new Error('accepted');
}

describe('deposit policy', () => {
  it('keeps a percent as a whole percent and takes a fixed deposit in rupees, stored in paise', () => {
    expect(
      cleanDepositPolicy({
        kind: 'percent',
        value: 50,
        lateCancellationHours: 24,
        lateCancellationFeePercent: 100,
      }),
    ).toEqual({ kind: 'percent', value: 50, lateCancellationHours: 24, lateCancellationFeePercent: 100 });
    const fixed = cleanDepositPolicy({ kind: 'fixed', value: 499.5, lateCancellationHours: 48 });
    expect(fixed).toEqual({
      kind: 'fixed',
      value: 49950,
      lateCancellationHours: 48,
      lateCancellationFeePercent: 0,
    });
    expect(depositPolicyOutput(fixed).value).toBe(499.5);
    expect(depositPolicyOutput({ ...fixed, kind: 'percent', value: 30 }).value).toBe(30);
  });

  it('reads none as no deposit, whatever value came with it', () => {
    expect(cleanDepositPolicy(undefined)).toEqual({
      kind: 'none',
      value: 0,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 0,
    });
    expect(cleanDepositPolicy({ kind: 'none', value: 40 }).value).toBe(0);
  });

  it.each<[DepositPolicyInput, string, string[]]>([
    [{ kind: 'half' }, 'Choose none, a percentage or a fixed amount', ['depositPolicy.kind']],
    [{ kind: 'percent' }, 'A deposit share is a whole percent from 1 to 100', ['depositPolicy.value']],
    [
      { kind: 'percent', value: 12.5 },
      'A deposit share is a whole percent from 1 to 100',
      ['depositPolicy.value'],
    ],
    [
      { kind: 'percent', value: 101 },
      'A deposit share is a whole percent from 1 to 100',
      ['depositPolicy.value'],
    ],
    [{ kind: 'fixed', value: 0.5 }, 'A fixed deposit is at least ₹1', ['depositPolicy.value']],
    [{ kind: 'fixed', value: -1 }, 'A fixed deposit cannot be negative', ['depositPolicy.value']],
    [
      { kind: 'fixed', value: 10.005 },
      'A fixed deposit can have at most 2 decimal places',
      ['depositPolicy.value'],
    ],
    [
      { kind: 'percent', value: 20, lateCancellationHours: 169, lateCancellationFeePercent: 101 },
      'The late-cancellation window is a whole number of hours up to 168',
      ['depositPolicy.lateCancellationHours', 'depositPolicy.lateCancellationFeePercent'],
    ],
    [
      { kind: 'none', lateCancellationHours: 1.5 },
      'The late-cancellation window is a whole number of hours up to 168',
      ['depositPolicy.lateCancellationHours'],
    ],
  ])('refuses %o with 400 "%s"', (input, message, fields) => {
    expect(refusal(input)).toEqual({ status: 400, message, fields });
  });
});
